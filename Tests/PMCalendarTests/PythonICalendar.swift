import Foundation
import Testing

/// Python's `icalendar` package, the reference this module's reader and writer are checked
/// against. `bash scripts/test` creates `.venv-test` with it and names its python by
/// `PM_TEST_PYTHON`; without it the tests skip locally and fail in CI, where they must run.
enum PythonICalendar {
    static let python = ProcessInfo.processInfo.environment["PM_TEST_PYTHON"]

    /// Whether the tests can run here: with python, or in CI, where its absence must fail
    /// them rather than skip them.
    static let isAvailable = python != nil || ProcessInfo.processInfo.environment["CI"] != nil

    static let skipMessage: Comment = """
        PM_TEST_PYTHON is unset: run `bash scripts/test`, or `python3 -m venv .venv-test && \
        .venv-test/bin/pip install icalendar` and set PM_TEST_PYTHON=.venv-test/bin/python
        """

    struct Missing: Error, CustomStringConvertible {
        var description: String { "PM_TEST_PYTHON is unset in CI: the python icalendar tests must not be skipped" }
    }

    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    /// Every property python reads in `ics`, as `COMPONENT.NAME` → value (text unescaped,
    /// lists joined with `|`, dates in ISO 8601 with their zone after a space) and
    /// `COMPONENT.NAME;PARAMETER` → the parameter's value.
    static func read(_ ics: String) throws -> [String: String] {
        let output = try run(readScript, input: Data(ics.utf8))
        return try JSONDecoder().decode([String: String].self, from: output)
    }

    /// The iCalendar text python writes for a VTODO built from `spec` (see `writeScript`).
    static func write(_ spec: [String: String]) throws -> String {
        String(decoding: try run(writeScript, input: try JSONEncoder().encode(spec)), as: UTF8.self)
    }

    private static func run(_ script: String, input: Data) throws -> Data {
        guard let python else { throw Missing() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script]
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // The scripts read all their input before writing anything, so this cannot deadlock.
        try stdin.fileHandleForWriting.write(contentsOf: input)
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failed(description: "python icalendar failed: " + String(decoding: errors, as: UTF8.self))
        }
        return output
    }

    private static let readScript = #"""
        import json, sys
        import icalendar

        def text(v):
            if isinstance(v, list):
                return "|".join(text(x) for x in v)
            if hasattr(v, "dt") and hasattr(v.dt, "isoformat"):
                tz = getattr(v.dt, "tzinfo", None)
                return v.dt.isoformat() + (" " + (getattr(tz, "key", None) or str(tz)) if tz else "")
            if hasattr(v, "cats"):
                return "|".join(str(c) for c in v.cats)
            if isinstance(v, str):
                return str(v)
            return v.to_ical().decode()

        out = {}
        for c in icalendar.Calendar.from_ical(sys.stdin.buffer.read()).walk():
            for name, v in c.items():
                out[c.name + "." + name] = text(v)
                for p, pv in getattr(v, "params", {}).items():
                    out[c.name + "." + name + ";" + p] = str(pv)
        print(json.dumps(out, ensure_ascii=False))
        """#

    private static let writeScript = #"""
        import datetime, json, sys, zoneinfo
        import icalendar

        spec = json.load(sys.stdin)
        todo = icalendar.Todo()
        todo.add("uid", spec["uid"])
        todo.add("summary", spec["summary"])
        todo.add("description", spec["description"])
        todo.add("due", datetime.datetime.fromisoformat(spec["due"]).replace(tzinfo=zoneinfo.ZoneInfo(spec["dueZone"])))
        todo.add("dtstart", datetime.date.fromisoformat(spec["start"]))
        todo.add("completed", datetime.datetime.fromisoformat(spec["completed"]))
        todo.add("categories", spec["categories"].split("|"))
        todo.add("x-note", spec["note"])
        calendar = icalendar.Calendar()
        calendar.add("prodid", "-//python icalendar//EN")
        calendar.add("version", "2.0")
        calendar.add_component(todo)
        sys.stdout.buffer.write(calendar.to_ical())
        """#
}
