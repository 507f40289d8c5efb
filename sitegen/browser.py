"""Headless Chromium driven over the DevTools protocol: load a page, collect console errors, measure, screenshot.

Used by the site's browser test. Only 127.0.0.1 is ever loaded; Chromium's own network features are switched off.
"""

import base64
import json
import os
import shutil
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import websocket

CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--hide-scrollbars",
    "--mute-audio",
)


def find_chromium():
    """Path of a Chromium binary (CHROMIUM overrides), or None."""
    explicit = os.environ.get("CHROMIUM")
    if explicit:
        return explicit if Path(explicit).is_file() else None
    if Path("/usr/bin/chromium").is_file():
        return "/usr/bin/chromium"
    return next((found for name in CANDIDATES if (found := shutil.which(name))), None)


class BrowserError(RuntimeError):
    pass


class Browser:
    """One Chromium process and one tab; use as a context manager so the process always ends."""

    def __init__(self, binary: str, width: int = 1280, height: int = 900, timeout: float = 30.0):
        self.binary, self.width, self.height, self.timeout = binary, width, height, timeout
        self.profile = tempfile.mkdtemp(prefix="course-chromium-")
        self.process = None
        self.ws = None
        self.next_id = 0
        self.events = []

    def __enter__(self):
        self.process = subprocess.Popen(
            [
                self.binary,
                *FLAGS,
                f"--user-data-dir={self.profile}",
                "--remote-debugging-port=0",
                "--remote-debugging-address=127.0.0.1",
                f"--window-size={self.width},{self.height}",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        port = self._devtools_port()
        tab = self._page_target(port)
        self.ws = websocket.create_connection(tab["webSocketDebuggerUrl"], timeout=self.timeout, suppress_origin=True)
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable")
        self.call(
            "Emulation.setDeviceMetricsOverride",
            width=self.width,
            height=self.height,
            deviceScaleFactor=1,
            mobile=False,
        )
        return self

    def __exit__(self, *exc):
        if self.ws is not None:
            self.ws.close()
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        shutil.rmtree(self.profile, ignore_errors=True)

    def _devtools_port(self) -> int:
        # With --remote-debugging-port=0 Chromium picks a free port and writes it to this file.
        marker = Path(self.profile) / "DevToolsActivePort"
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise BrowserError(
                    f"{self.binary} exited with code {self.process.returncode} before it opened DevTools"
                )
            if marker.is_file():
                lines = marker.read_text().split()
                if lines:
                    return int(lines[0])
            time.sleep(0.1)
        raise BrowserError(f"{self.binary} did not open its DevTools port within {self.timeout:.0f} s")

    def _page_target(self, port: int) -> dict:
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=5) as answer:
                pages = [t for t in json.load(answer) if t.get("type") == "page"]
            if pages:
                return pages[0]
            time.sleep(0.1)
        raise BrowserError("Chromium has no page target to drive")

    def call(self, method: str, **params):
        self.next_id += 1
        my_id = self.next_id
        self.ws.send(json.dumps({"id": my_id, "method": method, "params": params}))
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            message = json.loads(self.ws.recv())
            if message.get("id") == my_id:
                if "error" in message:
                    raise BrowserError(f"{method}: {message['error']}")
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)
        raise BrowserError(f"{method}: no answer within {self.timeout:.0f} s")

    def _wait_event(self, method: str):
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            if any(e["method"] == method for e in self.events):
                return
            message = json.loads(self.ws.recv())
            if "method" in message:
                self.events.append(message)
        raise BrowserError(f"the page did not fire {method} within {self.timeout:.0f} s")

    def open(self, url: str) -> "PageVisit":
        """Loads `url`, waits for its load event and a moment for scripts, and returns what happened."""
        self.events = []
        self.call("Page.navigate", url=url)
        self._wait_event("Page.loadEventFired")
        time.sleep(0.3)
        self.call("Runtime.evaluate", expression="1")  # drains events that arrived meanwhile
        return PageVisit(self, url, list(self.events))

    def evaluate(self, expression: str):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise BrowserError(f"evaluating {expression!r} threw: {result['exceptionDetails'].get('text')}")
        return result["result"].get("value")

    def screenshot(self, path: Path):
        data = self.call("Page.captureScreenshot", format="png")["data"]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(data))


class PageVisit:
    def __init__(self, browser: Browser, url: str, events: list):
        self.browser, self.url, self.events = browser, url, events

    def console_errors(self) -> list:
        """Console errors, uncaught exceptions and failed loads (Log domain errors), as text."""
        out = []
        for e in self.events:
            p = e.get("params", {})
            if e["method"] == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                out.append(
                    "console: " + " ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", []))
                )
            elif e["method"] == "Runtime.exceptionThrown":
                details = p.get("exceptionDetails", {})
                out.append("exception: " + str(details.get("exception", {}).get("description") or details.get("text")))
            elif e["method"] == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
                entry = p["entry"]
                out.append(f"log ({entry.get('source')}): {entry.get('text')} {entry.get('url', '')}".strip())
        return out
