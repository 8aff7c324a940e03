import Foundation
import PMTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `caldav-server-tester` (pip, in `.venv-test`) against a real `pm-server` bound to 127.0.0.2,
/// where its well-known check runs (it skips 127.0.0.1): no check may find a feature the server
/// claims broken. `bash scripts/check/caldav-tester` writes the full report beside Radicale's.
@Suite(.serialized) struct ServerTesterTests {
    static var tester: String? {
        PythonClientTests.python.map {
            URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent("caldav-server-tester").path
        }
    }

    @Test(.enabled(if: PythonClientTests.canRun, "PM_TEST_PYTHON is unset: run `bash scripts/test`"))
    func caldavServerTesterFindsNothingBrokenAndDiscoveryAndSignInFull() async throws {
        let tester = try #require(Self.tester, "PM_TEST_PYTHON is unset in CI: the CalDAV client tests must run")
        let server = try await CalDAVServer.start(host: "127.0.0.2")
        defer { server.stop() }
        let checks = [
            "CheckGetCurrentUserPrincipal", "CheckWellKnown", "CheckWWWAuthenticate", "CheckSupportedComponentSet",
            "CheckPropfindAllprop", "CheckNonExistingResource", "CheckTodoUncomplete",
        ].flatMap { ["--run-checks", $0] }
        let result = try CalDAVServer.run(
            tester,
            [
                "--caldav-url", server.url + "/", "--caldav-username", "ada", "--caldav-password", server.token,
                "--caldav-calendar", "team", "--format", "json",
            ] + checks)
        #expect(result.status == 0, "caldav-server-tester: \(result.error)")
        let report = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let features = report?["features"] as? [String: [String: Any]] ?? [:]
        #expect(!features.isEmpty, "no report: \(result.output) \(result.error)")
        let broken = features.filter { $0.value["support"] as? String == "broken" }.map(\.key)
        #expect(broken.isEmpty, "broken: \(broken)")
        #expect(features["well-known"]?["support"] as? String == "full")
        #expect(features["auth.www-authenticate"]?["support"] as? String == "full")
    }
}
