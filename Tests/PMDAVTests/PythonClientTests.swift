import Foundation
import PMTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Real CalDAV clients against a real `pm-server serve` on a SQLite file. Python's `caldav`
/// comes from `.venv-test` (`bash scripts/test` installs it and sets `PM_TEST_PYTHON`); without
/// it the tests skip locally and fail in CI, where they must run.
@Suite(.serialized) struct PythonClientTests {
    static let python = ProcessInfo.processInfo.environment["PM_TEST_PYTHON"]
    static let canRun = python != nil || ProcessInfo.processInfo.environment["CI"] != nil
    static let clients = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Clients")

    @Test(.enabled(if: canRun, "PM_TEST_PYTHON is unset: run `bash scripts/test`"))
    func pythonCaldavDiscoversListsCreatesEditsCompletesDeletesAndSyncs() async throws {
        let python = try #require(Self.python, "PM_TEST_PYTHON is unset in CI: the CalDAV client tests must run")
        let server = try await CalDAVServer.start()
        defer { server.stop() }
        let result = try CalDAVServer.run(
            python, [Self.clients.appendingPathComponent("caldav_client.py").path, server.url, "ada", server.token])
        #expect(result.status == 0, "caldav_client.py: \(result.error)\n\(server.log)")
        let seen = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        #expect(seen?["calendars"] as? [String] == ["team"])
        #expect(seen?["status"] as? String == "COMPLETED")
        // The task went through the board: created, edited, done, deleted — four operations at least.
        let history = try await server.operations()
        #expect(history.count >= 4)
        #expect(try await server.cards().isEmpty)
    }
}
