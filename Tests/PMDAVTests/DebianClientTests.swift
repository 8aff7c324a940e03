import Foundation
import PMTestSupport
import Testing

/// Debian's `vdirsyncer` and `todoman` against a real `pm-server`, with a real `pm` device on
/// the board: `bash scripts/test` installs them; without them the test skips locally and fails
/// in CI, where it must run.
@Suite(.serialized) struct DebianClientTests {
    static let isInstalled = ["/usr/bin/vdirsyncer", "/usr/bin/todoman"].allSatisfy {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    static let canRun = isInstalled || ProcessInfo.processInfo.environment["CI"] != nil

    @Test(.enabled(if: canRun, "vdirsyncer and todoman are not installed: run `bash scripts/test`"))
    func aTaskAddedInTodomanReachesPmAndACardPmMovesToDoneIsCompletedInTodoman() async throws {
        try #require(Self.isInstalled, "vdirsyncer and todoman must be installed in CI")
        let server = try await CalDAVServer.start()
        defer { server.stop() }
        let pm = ServerProcess.builtBinary.deletingLastPathComponent().appendingPathComponent("pm")
        let script = PythonClientTests.clients.appendingPathComponent("vdirsyncer_todoman.sh")
        let work = server.folder.appendingPathComponent("client")
        let result = try CalDAVServer.run(
            "/bin/bash", [script.path, server.url, "ada", server.token, pm.path, work.path],
            environment: ["HOME": work.path, "XDG_CONFIG_HOME": work.path])
        #expect(result.status == 0, "vdirsyncer_todoman.sh: \(result.error)\n\(server.log)")
        #expect(result.output.contains("\"completed\": true"))
        let cards = try await server.cards()
        #expect(cards.map { $0["title"] as? String } == ["Buy bread"])
        #expect(cards.first?["status"] as? String == "done")
    }
}
