import Foundation
import PMDomain
import PMServer
import PMServerSQLite
import PMSyncProtocol
import PMTestSupport
import Testing

/// The feed as a calendar app gets it: a real `pm-server` process, fetched over HTTP and read by
/// python's `icalendar` (`PM_TEST_PYTHON`, which `bash scripts/test` sets up; without it the
/// test skips locally and fails in CI).
@Suite struct FeedOverHTTPTests {
    static let python = ProcessInfo.processInfo.environment["PM_TEST_PYTHON"]
    static let canRun = python != nil || ProcessInfo.processInfo.environment["CI"] != nil

    @Test(.enabled(if: canRun, "PM_TEST_PYTHON is unset: run `bash scripts/test`"))
    func givenARunningServerWhenPythonICalendarFetchesTheFeedThenItReadsEachOpenDeadline() async throws {
        // Given a server whose board holds an open card with a Korean title and a done one
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        _ = try command.run(["user", "add", "ada"])
        _ = try command.run(["board", "add", "team", "--member", "ada"])
        let deadline = Deadline(daysSince1970: 20_800)
        _ = try await SQLiteSyncRepository.open(path: command.database).push(
            board: "team",
            operations: [
                SyncFixtures.operation(
                    1, project: 1, fields: ProjectFields(title: "보고서 제출", deadline: deadline, status: .todo)),
                SyncFixtures.operation(
                    2, project: 2, fields: ProjectFields(title: "Done", deadline: deadline, status: .done)),
            ])
        let path = try command.run(["feed", "add", "ada", "team"]).output.trimmingCharacters(in: .newlines)
        let server = try ServerProcess(database: command.database, log: command.folder.path + "/server.log")
        try await server.start()
        defer { server.stop() }

        // When python fetches the feed's URL and parses it with icalendar
        let read = try Self.fetch(server.baseURL.absoluteString + path)

        // Then it sees one all-day event on the deadline, with an alarm, and the calendar type
        #expect(read["status"] == "200")
        #expect(read["type"] == "text/calendar; charset=utf-8")
        #expect(read["events"] == "1")
        #expect(read["summary"] == "보고서 제출")
        #expect(read["start"] == "2026-12-13")
        #expect(read["startIsDate"] == "True")
        #expect(read["alarms"] == "1")
        // and a wrong key is a 404
        let wrong = try Self.fetch(server.baseURL.absoluteString + "/feeds/team.ics?key=pmf_0000000000")
        #expect(wrong["status"] == "404")
    }

    /// What python sees at `url`: the status, the content type and the events' properties.
    static func fetch(_ url: String) throws -> [String: String] {
        guard let python else { throw Missing() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, url]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let failure = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failed(description: "python failed: " + String(decoding: failure, as: UTF8.self))
        }
        return try JSONDecoder().decode([String: String].self, from: data)
    }

    struct Missing: Error, CustomStringConvertible {
        var description: String { "PM_TEST_PYTHON is unset in CI: the feed's python check must not be skipped" }
    }

    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    static let script = #"""
        import datetime, json, sys, urllib.error, urllib.request
        import icalendar

        try:
            with urllib.request.urlopen(sys.argv[1]) as answer:
                out = {"status": str(answer.status), "type": answer.headers["Content-Type"]}
                calendar = icalendar.Calendar.from_ical(answer.read())
        except urllib.error.HTTPError as error:
            print(json.dumps({"status": str(error.code)}))
            sys.exit(0)
        events = calendar.walk("VEVENT")
        out["events"] = str(len(events))
        for event in events:
            start = event["DTSTART"].dt
            out["summary"] = str(event["SUMMARY"])
            out["start"] = start.isoformat()
            out["startIsDate"] = str(not isinstance(start, datetime.datetime))
            out["alarms"] = str(len([c for c in event.subcomponents if c.name == "VALARM"]))
        print(json.dumps(out, ensure_ascii=False))
        """#
}
