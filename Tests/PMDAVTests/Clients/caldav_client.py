"""Drives pm-server as python's `caldav` library does, from the bare server URL: discovery,
list, create, edit, complete, delete and sync-collection with the returned token. Prints what it
saw as JSON for the Swift test to check; any failed expectation exits non-zero with a message."""

import datetime
import json
import sys

import caldav

url, user, password = sys.argv[1:4]
seen = {}


def expect(condition, message):
    if not condition:
        print(f"caldav_client: {message}", file=sys.stderr)
        sys.exit(1)


client = caldav.DAVClient(url=url, username=user, password=password)
principal = client.principal()
calendars = principal.calendars()
seen["calendars"] = [c.get_display_name() for c in calendars]
expect(seen["calendars"] == ["team"], f"calendars: {seen['calendars']}")
calendar = calendars[0]
seen["components"] = list(calendar.get_supported_components())
expect(seen["components"] == ["VTODO"], f"components: {seen['components']}")

initial = calendar.objects_by_sync_token(load_objects=False)
token = initial.sync_token
expect(token, "no sync token")

due = datetime.date.today() + datetime.timedelta(days=10)
created = calendar.save_todo(summary="Buy milk", due=due, priority=1, categories=["errand"])
uid = str(created.icalendar_component["UID"])
seen["uid"] = uid

todos = calendar.todos()
expect([str(t.icalendar_component["SUMMARY"]) for t in todos] == ["Buy milk"], "created task not listed")

todo = todos[0]
todo.icalendar_component["SUMMARY"] = "Buy oat milk"
todo.save()
edited = calendar.todo_by_uid(uid)
component = edited.icalendar_component
seen["edited"] = str(component["SUMMARY"])
seen["priority"] = int(component.get("PRIORITY", 0))
seen["categories"] = [str(c) for c in component.get("CATEGORIES").cats] if component.get("CATEGORIES") else []
expect(seen["edited"] == "Buy oat milk", f"edit lost: {seen['edited']}")
expect(seen["priority"] == 1, "PRIORITY not kept")

changed = calendar.objects_by_sync_token(sync_token=token, load_objects=True)
seen["changed"] = [str(o.url).rsplit("/", 1)[-1] for o in changed]
expect(any(uid in name for name in seen["changed"]), f"sync-collection missed the task: {seen['changed']}")
token = changed.sync_token

edited.complete()
seen["open_after_complete"] = len(calendar.todos())
seen["all_after_complete"] = len(calendar.todos(include_completed=True))
done = calendar.todo_by_uid(uid).icalendar_component
seen["status"] = str(done["STATUS"])
expect(seen["status"] == "COMPLETED", f"status: {seen['status']}")
expect(seen["open_after_complete"] == 0, "a completed task is still listed as open")
expect(seen["all_after_complete"] == 1, "the completed task is not listed with completed ones")

calendar.todo_by_uid(uid).delete()
gone = calendar.objects_by_sync_token(sync_token=token, load_objects=False)
seen["token_after_delete"] = gone.sync_token
expect(gone.sync_token != token, "the token did not move on")
expect(len(calendar.todos(include_completed=True)) == 0, "the deleted task is still listed")

print(json.dumps(seen))
