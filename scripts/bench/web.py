#!/usr/bin/env python3
"""The web board in headless chromium: time to a usable board with 1,000 and 10,000 operations
beside a floor (the same cards as a static HTML page the browser only parses and lays out), and
drag → acknowledged by the server, p50 / p99. See docs/benchmarks.md, "The web board".

    web.py [--counts 1000,10000] [--drags 100] [--repeat 1]

Starts its own pm-server (PM_SERVER_BIN, default .build/release/pm-server, else .build/debug)
on a temporary SQLite folder and a free port, fills board `team` with scripts/bench/server_client.py's
operations, signs in through the page as a browser does, and measures:

- first open: a fresh browser profile (empty IndexedDB) from navigation to every card drawn;
- reopen: the same profile reloaded (cards read from IndexedDB, then a pull of nothing);
- floor: the same cards as plain HTML (no script), from navigation to laid out;
- drag → acknowledged: a card dragged between TODO and DOING with the mouse, from the
  button's release to the server's answer to the push that carries the move.

Needs python's playwright (in .venv-test: scripts/test makes it) and /usr/bin/chromium.
"""

import argparse
import html
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

from playwright.sync_api import sync_playwright

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import harness  # noqa: E402 (scripts/lib)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FILLER = os.path.join(ROOT, "scripts", "bench", "server_client.py")
STYLE = open(os.path.join(ROOT, "Sources", "PMWeb", "Resources", "css", "board.css"), encoding="utf-8").read()


def server_binary():
    given = os.environ.get("PM_SERVER_BIN")
    if given:
        return given
    for kind in ("release", "debug"):
        path = os.path.join(ROOT, ".build", kind, "pm-server")
        if os.path.exists(path):
            return path
    sys.exit("bench-web: build pm-server first (swift build -c release --product pm-server)")


class Server(harness.ThrowawayServer):
    """A pm-server on a fresh SQLite folder with user ada, their token and board team."""

    def __init__(self, binary, folder):
        super().__init__(binary, folder, "ada", boards=["team"], log_level="error")

    def fill(self, count):
        subprocess.run([sys.executable, FILLER, "fill", self.url, self.token, "team", str(count)], check=True,
                       stdout=subprocess.DEVNULL)

    def snapshot(self):
        request = urllib.request.Request(self.url + "/v1/boards/team/projects",
                                         headers={"Authorization": "Bearer " + self.token})
        return json.load(urllib.request.urlopen(request))["projects"]


def floor_page(projects):
    """The board's cards as static HTML with the board's own style sheet, and no script."""
    lists = {"todo": [], "doing": [], "done": []}
    for project in sorted(projects, key=lambda p: (p["deadline"], p["createdAt"], p["id"].upper())):
        description = html.escape(project["description"])
        lists[project["status"]].append(
            '<li class="card"><span class="title">%s</span><span class="details">'
            '<span class="description">%s</span><span class="deadline">%s</span></span></li>'
            % (html.escape(project["title"]), description, project["deadline"])
        )
    columns = "".join(
        '<section class="column"><div class="column-header"><h2>%s (%d)</h2></div><ul class="cards">%s</ul></section>'
        % (status.upper(), len(items), "".join(items))
        for status, items in lists.items()
    )
    return "<!doctype html><html><head><meta charset=utf-8><style>%s</style></head><body><main class=board>%s</main></body></html>" % (
        STYLE, columns)


def sign_in(page, server):
    page.goto(server.url + "/")
    page.get_by_label("User name").fill("ada")
    page.get_by_label("Password or token").fill(server.token)
    with page.expect_navigation():
        page.get_by_role("button", name="Sign in").click()


# Resolves once `n` cards are in the page: one `evaluate`, as the floor is measured (the page's
# CSP forbids eval, which wait_for_function needs; a function sent over the DevTools protocol
# is not eval).
ALL_CARDS = """n => new Promise(resolve => {
  const done = () => document.querySelectorAll('.card').length >= n;
  if (done()) return resolve();
  new MutationObserver((_, observer) => {
    if (done()) { observer.disconnect(); resolve(); }
  }).observe(document.documentElement, { childList: true, subtree: true });
})"""


def usable(page, url, cards):
    """Seconds from navigation to the board drawn with its `cards` cards (history may still be
    filling in behind, as it does in `pm` after a snapshot start), found the way the floor is
    measured (navigation, then one evaluate); and the same moment as Playwright's locator finds
    it, which also pays for Playwright's script injected into the page and its polling."""
    started = time.perf_counter()
    page.goto(url)
    if cards > 0:
        page.evaluate(ALL_CARDS, cards)
    found = time.perf_counter() - started
    if cards > 0:
        page.locator(".card").nth(cards - 1).wait_for(state="attached", timeout=300_000)
    return found, time.perf_counter() - started


MARKS = ("pm:modules", "pm:store", "pm:drawn")


def marks(page):
    """Milliseconds from navigation to the page's own marks: its modules run, its IndexedDB
    store read, its first draw of cards (app.js sets them)."""
    found = page.evaluate("() => performance.getEntriesByType('mark').map(m => [m.name, m.startTime])")
    return {name: time for name, time in found if name in MARKS}


def measure_open(browser, server, count):
    server.fill(count)
    projects = server.snapshot()
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    sign_in(page, server)
    board = server.url + "/boards/team"
    first, first_locator = usable(page, board, len(projects))
    first_marks = marks(page)
    page.wait_for_selector("body[data-sync=online]", timeout=300_000)
    again, again_locator = usable(page, board, len(projects))
    again_marks = marks(page)
    floor_url = server.url + "/bench-floor"
    body = floor_page(projects)
    page.route(floor_url, lambda route: route.fulfill(status=200, content_type="text/html", body=body))
    floors = []
    floor_pages = []
    for _ in range(3):
        started = time.perf_counter()
        page.goto(floor_url)
        # Laid out, and when by the page's own clock (ms from navigation).
        floor_pages.append(page.evaluate("() => { document.body.offsetHeight; return performance.now(); }"))
        floors.append(time.perf_counter() - started)
    context.close()
    return {"operations": count, "cards": len(projects), "first": first, "reopen": again,
            "first_locator": first_locator, "reopen_locator": again_locator,
            "floor": statistics.median(floors), "first_marks": first_marks, "again_marks": again_marks,
            "floor_page": statistics.median(floor_pages)}


def measure_drags(browser, server, drags):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    sign_in(page, server)
    page.goto(server.url + "/boards/team")
    page.wait_for_selector("body[data-sync=online]", timeout=300_000)
    page.locator("#filter").fill("Drag me")
    page.locator("#add").click()
    page.fill("#form-title", "Drag me")
    page.click("#form-save")
    page.wait_for_selector("body[data-sync=online]")
    times = []
    for index in range(drags):
        source, target = ("todo", "doing") if index % 2 == 0 else ("doing", "todo")
        card = page.locator("#list-%s .card" % source).first
        box = card.bounding_box()
        goal = page.locator("#list-" + target).bounding_box()
        page.mouse.move(box["x"] + 20, box["y"] + 10)
        page.mouse.down()
        page.mouse.move(box["x"] + 40, box["y"] + 20, steps=2)
        page.mouse.move(goal["x"] + 40, goal["y"] + 60, steps=4)
        with page.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/operations")) as answer:
            started = time.perf_counter()
            page.mouse.up()
        answer.value.finished()
        times.append(time.perf_counter() - started)
        page.locator("#list-%s .card" % target).first.wait_for()
    context.close()
    return {"drags": drags, "p50": harness.percentile(times, 50), "p99": harness.percentile(times, 99)}


def median_run(runs):
    """The run whose first open is the median of `runs`, with each time the median of its own."""
    ordered = sorted(runs, key=lambda run: run["first"])
    middle = dict(ordered[len(ordered) // 2])
    for key in ("first", "reopen", "floor", "floor_page", "first_locator", "reopen_locator"):
        middle[key] = statistics.median(run[key] for run in runs)
    middle["runs"] = len(runs)
    return middle


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--counts", default="1000,10000")
    parser.add_argument("--drags", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=1,
                        help="measure each size this many times on fresh servers and report the medians")
    args = parser.parse_args()
    binary = server_binary()
    results = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for count in [int(c) for c in args.counts.split(",")]:
            runs = []
            for _ in range(args.repeat):
                with tempfile.TemporaryDirectory() as folder:
                    server = Server(binary, folder)
                    try:
                        runs.append(measure_open(browser, server, count))
                    finally:
                        server.stop()
            results.append(median_run(runs))
        drag = None
        if args.drags > 0:
            with tempfile.TemporaryDirectory() as folder:
                server = Server(binary, folder)
                try:
                    drag = measure_drags(browser, server, args.drags)
                finally:
                    server.stop()
        browser.close()
    print("| operations | cards | first open | reopen | floor (static HTML) | first open / floor "
          "| reopen / floor | first open, by locator |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in results:
        print("| %d | %d | %.2f s | %.2f s | %.2f s | %.1f× | %.1f× | %.2f s |" % (
            r["operations"], r["cards"], r["first"], r["reopen"], r["floor"], r["first"] / r["floor"],
            r["reopen"] / r["floor"], r["first_locator"]))
    print()
    print("Where a first open and a reopen spend it, ms from navigation (the page's marks):")
    print()
    print("| operations | open | modules run | store read | cards drawn | floor laid out | drawn / floor |")
    print("| ---: | --- | ---: | ---: | ---: | ---: | ---: |")
    for r in results:
        for kind, found in (("first", r["first_marks"]), ("reopen", r["again_marks"])):
            drawn = found.get("pm:drawn")
            print("| %d | %s | %s | %.0f | %s |" % (r["operations"], kind, " | ".join(
                "%.0f" % found[name] if name in found else "–" for name in MARKS), r["floor_page"],
                "%.1f×" % (drawn / r["floor_page"]) if drawn else "–"))
    print()
    if drag:
        print("drag → acknowledged over %d drags: p50 %.0f ms, p99 %.0f ms" % (
            drag["drags"], drag["p50"] * 1000, drag["p99"] * 1000))


if __name__ == "__main__":
    main()
