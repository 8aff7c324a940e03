"""A person's wait: the python `caldav` library's first full sync of one calendar.

    caldav_library.py URL USER PASSWORD CALENDAR-NAME COUNT

From a bare server URL, as a task app starts: discovery (the principal, its calendar home, the
calendars), then `get_objects_by_sync_token(load_objects=True)` (an initial sync-collection,
then the items' data). Prints the seconds from the first request to every item loaded; fails
unless exactly COUNT items came. Run with a Python that has `caldav` (the test venv).
"""

import sys
import time

import caldav


def main():
    url, user, password, name, count = sys.argv[1:6]
    start = time.perf_counter()
    with caldav.DAVClient(url=url, username=user, password=password) as client:
        calendars = [c for c in client.principal().calendars() if c.get_display_name() == name or
                     str(c.url).rstrip("/").endswith("/" + name)]
        assert len(calendars) == 1, f"{url}: calendars named {name}: {len(calendars)}"
        items = list(calendars[0].get_objects_by_sync_token(load_objects=True))
    elapsed = time.perf_counter() - start
    assert len(items) == int(count), f"{url}: {len(items)} items, not {count}"
    assert all(item.data for item in items), f"{url}: an item came without its data"
    print(f"{elapsed:.3f}")


if __name__ == "__main__":
    main()
