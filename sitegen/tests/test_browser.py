"""The built site in a real browser: headless Chromium loads the main kinds of pages from a local HTTP server,
with no console error, and the charts draw. Screenshots go to build/screenshots/ (a CI artifact)."""

import functools
import http.server
import threading

import pytest

from sitegen.browser import Browser, PageVisit, find_chromium
from sitegen.paths import REPO_ROOT

SAMPLES = REPO_ROOT / "samples"
SCREENSHOTS = REPO_ROOT / "build" / "screenshots"
PAGES = (
    ("home", "", 0),
    ("stage-1", "stages/1-sync-server/", 0),
    ("report-alice-stage-2", "reports/alice/stage-2/", 2),
    ("compare-stage-1", "compare/stage-1/", 4),
)
DRAWN_PATHS = (
    "Array.from(document.querySelectorAll('svg.course-chart path.curve'))"
    ".filter(p => p.getAttribute('d') && p.getTotalLength() > 0 && p.getBBox().width > 0).length"
)
# Boxes of the flame graphs drawn on screen (of a differential pair only the first: the other is folded away).
DRAWN_BOXES = (
    "Array.from(document.querySelectorAll('svg.course-flame g.fd-f rect'))"
    ".filter(r => r.getBoundingClientRect().width > 0 && r.getBoundingClientRect().height > 0).length"
)
# Zoom into the first box of depth 3 narrower than half the graph; returns what the graph looks like then.
ZOOM_IN = """(() => {
  const svg = document.querySelector('svg.course-flame');
  const g = [...svg.querySelectorAll('g.fd-f')].find(g => g.dataset.d === '3' && parseFloat(g.dataset.w) < 0.5);
  g.dispatchEvent(new MouseEvent('click', {bubbles: true}));
  const all = [...svg.querySelectorAll('g.fd-f')];
  return {width: parseFloat(g.querySelector('rect').getAttribute('width')), label: g.querySelector('text').textContent,
          hidden: all.filter(b => b.style.display === 'none').length, total: all.length};
})()"""
ZOOM_OUT = """(() => {
  const svg = document.querySelector('svg.course-flame');
  svg.querySelector('g.fd-f[data-d="0"]').dispatchEvent(new MouseEvent('click', {bubbles: true}));
  return [...svg.querySelectorAll('g.fd-f')].filter(b => b.style.display === 'none').length;
})()"""


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture
def served_site(site_build):
    site, _ = site_build(reports=SAMPLES / "reports", results=SAMPLES / "results")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/"
    server.shutdown()
    server.server_close()


def test_pages_load_without_console_errors_and_charts_draw(served_site):
    chromium = find_chromium()
    if chromium is None:
        pytest.skip(
            "no Chromium found (/usr/bin/chromium, chromium on PATH, or CHROMIUM=...); "
            "install it with 'apt-get install -y chromium'"
        )
    with Browser(chromium) as browser:
        for name, path, min_paths in PAGES:
            visit = browser.open(served_site + path)
            assert visit.console_errors() == [], f"{path}: {visit.console_errors()}"
            assert browser.evaluate("document.querySelector('.md-content h1') !== null"), f"{path}: no content"
            assert browser.evaluate(DRAWN_PATHS) >= min_paths, f"{path}: fewer than {min_paths} curves drawn"
            browser.screenshot(SCREENSHOTS / f"{name}.png")
        # The report's differential profile view: the flame graphs draw, and click-to-zoom works without errors.
        url = served_site + "reports/alice/stage-2/"
        visit = browser.open(url)
        assert visit.console_errors() == [], visit.console_errors()
        # cpu and alloc: 2 differential graphs each, then each profile's own graph (drawn from its collapsed stacks)
        assert browser.evaluate("document.querySelectorAll('svg.course-flame').length") == 6
        assert browser.evaluate(DRAWN_BOXES) > 200, "the differential flame graphs draw their boxes"
        browser.evaluate("document.getElementById('cpu-profile-of-put').scrollIntoView()")
        browser.screenshot(SCREENSHOTS / "report-alice-stage-2-profiles.png")
        zoomed = browser.evaluate(ZOOM_IN)
        assert zoomed["width"] > 990 and zoomed["label"], zoomed  # the box now spans the graph, and has a label
        assert 0 < zoomed["hidden"] < zoomed["total"], zoomed  # what it did not call is hidden
        browser.screenshot(SCREENSHOTS / "report-alice-stage-2-profiles-zoomed.png")
        assert browser.evaluate(ZOOM_OUT) == 0
        browser.evaluate("1")
        assert PageVisit(browser, url, list(browser.events)).console_errors() == []
        # A stage-1 report keeps only collapsed stacks: its page draws their flame graphs, and they zoom the same.
        url = served_site + "reports/alice/stage-1/"
        visit = browser.open(url)
        assert visit.console_errors() == [], visit.console_errors()
        assert browser.evaluate("document.querySelectorAll('svg.course-flame').length") == 2  # cpu, alloc
        assert browser.evaluate(DRAWN_BOXES) > 200, "the profiles' flame graphs draw their boxes"
        browser.evaluate("document.getElementById('flame-graphs').scrollIntoView()")
        browser.screenshot(SCREENSHOTS / "report-alice-stage-1-flame-graphs.png")
        zoomed = browser.evaluate(ZOOM_IN)
        assert zoomed["width"] > 990 and zoomed["label"], zoomed
        assert 0 < zoomed["hidden"] < zoomed["total"], zoomed
        assert browser.evaluate(ZOOM_OUT) == 0
        assert PageVisit(browser, url, list(browser.events)).console_errors() == []
        # The sortable table reorders rows when its header is clicked.
        browser.open(served_site + "compare/stage-1/")
        order = browser.evaluate(
            "(() => { const t = [...document.querySelectorAll('table[data-sortable]')].find(t => t.tHead.rows[0].cells[1]"
            ".textContent.startsWith('run')); const th = [...t.tHead.rows[0].cells].find(c => c.textContent.startsWith('p99'));"
            " th.click(); th.click(); return [...t.tBodies[0].rows].map(r => parseFloat(r.cells[th.cellIndex].dataset.value))"
            ".filter(x => !isNaN(x)); })()"
        )
        assert len(order) >= 3 and order == sorted(order, reverse=True)
