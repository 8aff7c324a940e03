#!/usr/bin/env python3
"""CalDAV on a board of COUNT cards, beside Radicale holding the same VTODOs: times a full
calendar-query with calendar data, an initial sync-collection and a calendar-multiget of 1,000,
each as a raw request with curl, and prints a table. Python standard library, curl.

    caldav_client.py PM_URL USER TOKEN RADICALE_URL RADICALE_FOLDER [--count N] [--runs N]

PM_URL is pm-server's base (http://127.0.0.2:PORT) with an empty board `team` of USER;
RADICALE_FOLDER is the filesystem_folder of a Radicale on RADICALE_URL (auth none), into
which the same cards are written as files.
"""

import argparse
import datetime
import json
import os
import statistics
import subprocess
import urllib.request
import uuid

QUERY = """<?xml version="1.0" encoding="utf-8"?>
<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
<d:prop><d:getetag/><c:calendar-data/></d:prop>
<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"/></c:comp-filter></c:filter>
</c:calendar-query>"""
SYNC = """<?xml version="1.0" encoding="utf-8"?>
<d:sync-collection xmlns:d="DAV:"><d:sync-token/><d:sync-level>1</d:sync-level>
<d:prop><d:getetag/></d:prop></d:sync-collection>"""


def multiget(hrefs):
    body = "".join(f"<d:href>{h}</d:href>" for h in hrefs)
    return f"""<?xml version="1.0" encoding="utf-8"?>
<c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
<d:prop><d:getetag/><c:calendar-data/></d:prop>{body}</c:calendar-multiget>"""


def fill_pm(url, token, ids, due):
    device = str(uuid.uuid4())
    for start in range(0, len(ids), 1000):
        ops = [
            {"id": str(uuid.uuid4()), "projectId": str(i),
             "timestamp": {"wallTime": 1763683200000 + n, "counter": 0, "device": device},
             "fields": {"title": f"Task {n}", "deadline": due, "status": "todo"}}
            for n, i in enumerate(ids[start:start + 1000], start)
        ]
        request = urllib.request.Request(
            f"{url}/v1/boards/team/operations", data=json.dumps({"operations": ops}).encode(),
            headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"}, method="POST")
        urllib.request.urlopen(request).read()


def fill_radicale(folder, user, ids, due):
    calendar = os.path.join(folder, "collection-root", user, "team")
    os.makedirs(calendar, exist_ok=True)
    with open(os.path.join(calendar, ".Radicale.props"), "w") as props:
        json.dump({"tag": "VCALENDAR", "C:supported-calendar-component-set": "VTODO"}, props)
    day = due.replace("-", "")
    for n, i in enumerate(ids):
        with open(os.path.join(calendar, f"{i}.ics"), "w", newline="") as item:
            item.write("\r\n".join([
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//bench//EN", "BEGIN:VTODO", f"UID:{i}",
                "DTSTAMP:20251121T000000Z", f"SUMMARY:Task {n}", f"DUE;VALUE=DATE:{day}", "STATUS:NEEDS-ACTION",
                "END:VTODO", "END:VCALENDAR", ""]))


def timed(url, auth, body, runs):
    times = []
    for _ in range(runs + 1):
        out = subprocess.run(
            ["curl", "-s", "-o", "/dev/null", "-w", "%{http_code} %{time_total} %{size_download}", "-u", auth,
             "-X", "REPORT", "-H", "Depth: 1", "-H", "Content-Type: application/xml", "--data-binary", "@-", url],
            input=body.encode(), capture_output=True, check=True).stdout.decode().split()
        assert out[0] == "207", f"{url}: HTTP {out[0]}"
        times.append(float(out[1]))
    return statistics.median(times[1:]), int(out[2])


def main():
    parser = argparse.ArgumentParser()
    for name in ["pm_url", "user", "token", "radicale_url", "radicale_folder"]:
        parser.add_argument(name)
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--client-python", help="a Python with the caldav library: also time its first full sync")
    args = parser.parse_args()
    ids = [uuid.uuid4() for _ in range(args.count)]
    due = (datetime.date.today() + datetime.timedelta(days=30)).isoformat()
    fill_pm(args.pm_url, args.token, ids, due)
    fill_radicale(args.radicale_folder, args.user, ids, due)
    pm_calendar = f"{args.pm_url}/dav/calendars/{args.user}/team/"
    radicale_calendar = f"{args.radicale_url.rstrip('/')}/{args.user}/team/"
    pick = ids[:: max(1, args.count // 1000)][:1000]
    rows = []
    for name, body, hrefs in [
        ("calendar-query with data", QUERY, None), ("initial sync-collection", SYNC, None),
        ("calendar-multiget of 1,000", None, pick),
    ]:
        pm_body = body or multiget([f"/dav/calendars/{args.user}/team/{i}.ics" for i in hrefs])
        radicale_body = body or multiget([f"/{args.user}/team/{i}.ics" for i in hrefs])
        pm, pm_size = timed(pm_calendar, f"{args.user}:{args.token}", pm_body, args.runs)
        radicale, radicale_size = timed(radicale_calendar, f"{args.user}:x", radicale_body, args.runs)
        rows.append((name, pm, radicale, pm_size, radicale_size))
    print(f"| request ({args.count:,} cards) | pm-server | Radicale | ratio | bytes pm-server / Radicale |")
    print("| --- | --- | --- | --- | --- |")
    for name, pm, radicale, pm_size, radicale_size in rows:
        print(f"| {name} | {pm:.3f} s | {radicale:.3f} s | {pm / radicale:.2f}× | {pm_size:,} / {radicale_size:,} |")
    if args.client_python:
        client = os.path.join(os.path.dirname(os.path.abspath(__file__)), "caldav_library.py")

        def first_sync(url, password):
            # One run each: the library loads every item, which takes far longer than a report.
            return float(subprocess.run(
                [args.client_python, client, url, args.user, password, "team", str(args.count)],
                capture_output=True, check=True, text=True).stdout)

        pm = first_sync(args.pm_url + "/", args.token)
        radicale = first_sync(args.radicale_url, "x")
        print(f"python caldav, first full sync (discovery, sync-collection, every item): "
              f"pm-server {pm:.3f} s, Radicale {radicale:.3f} s, ratio {pm / radicale:.2f}×")


if __name__ == "__main__":
    main()
