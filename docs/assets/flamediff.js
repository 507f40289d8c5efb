// Click-to-zoom for the flame graphs of report pages (svg.course-flame, drawn by sitegen/pages/flame_graph.py: the
// differential ones and those drawn from a report's collapsed stacks): a click on a box widens it to the whole graph
// with everything it called, keeps its callers below it at full width and hides the rest; a click on the bottom box
// ("all") zooms out. Labels are cut to fit as sitegen cuts them. Written for this site; no library. Without it the
// graphs are the same, only not zoomable.
(function () {
  "use strict";
  var EPSILON = 1e-7;

  function shortName(name) {
    var head = name.split("(")[0], parts = head.split(".");
    if (parts.length > 2 && name.charAt(0) !== "[") return parts.slice(-2).join(".") + name.slice(head.length);
    return name;
  }

  // The frame's name is the first line of its tooltip; the bottom box is "all".
  function frameName(g) {
    if (g.getAttribute("data-d") === "0") return "all";
    var title = g.querySelector("title");
    return title ? title.textContent.split("\n")[0] : "";
  }

  function fit(name, width, charWidth, pad) {
    var room = Math.floor((width - 2 * pad) / charWidth);
    if (room < 3) return "";
    if (name.length <= room) return name;
    var short = shortName(name);
    if (short.length <= room) return short;
    return short.slice(0, room - 1) + "\u2026";
  }

  function zoom(svg, target) {
    var total = parseFloat(svg.getAttribute("data-width"));
    var charWidth = parseFloat(svg.getAttribute("data-char")), pad = parseFloat(svg.getAttribute("data-pad"));
    var x0 = parseFloat(target.getAttribute("data-x")), w = parseFloat(target.getAttribute("data-w"));
    var depth = parseInt(target.getAttribute("data-d"), 10);
    Array.prototype.forEach.call(svg.querySelectorAll("g.fd-f"), function (g) {
      var gx = parseFloat(g.getAttribute("data-x")), gw = parseFloat(g.getAttribute("data-w"));
      var gd = parseInt(g.getAttribute("data-d"), 10);
      var caller = gd < depth && gx <= x0 + EPSILON && gx + gw >= x0 + w - EPSILON;
      var inside = gd >= depth && gx >= x0 - EPSILON && gx + gw <= x0 + w + EPSILON;
      if (!caller && !inside) {
        g.style.display = "none";
        return;
      }
      g.style.display = "";
      var nx = caller ? 0 : (gx - x0) / w * total, nw = caller ? total : gw / w * total;
      var rect = g.querySelector("rect"), text = g.querySelector("text");
      rect.setAttribute("x", nx.toFixed(2));
      rect.setAttribute("width", Math.max(nw - 0.4, 0.1).toFixed(2));
      text.setAttribute("x", (nx + pad).toFixed(2));
      text.textContent = fit(frameName(g), nw, charWidth, pad);
    });
    svg.setAttribute("data-zoomed", depth > 0 ? "yes" : "no");
  }

  function enable(svg) {
    Array.prototype.forEach.call(svg.querySelectorAll("g.fd-f"), function (g) {
      g.style.cursor = "pointer";
      g.addEventListener("click", function () { zoom(svg, g); });
    });
  }

  function init() {
    Array.prototype.forEach.call(document.querySelectorAll("svg.course-flame"), enable);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
