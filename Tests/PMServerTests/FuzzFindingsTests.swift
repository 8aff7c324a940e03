import Foundation
import Hummingbird
import HummingbirdTesting
import PMDomain
import PMServer
import PMSyncProtocol
import PMTestSupport
import Testing

/// What scripts/check/fuzz-api (schemathesis against Sources/PMServer/Resources/openapi.yaml) found, kept fixed.
@Suite struct FuzzFindingsTests {
    @Test func undeclaredMethodOnAKnownPathIs405WithAllow() async throws {
        let fixture = try await ServerFixture.make()
        let cases: [(String, HTTPRequest.Method, String)] = [
            ("/health", .trace, "GET"), ("/openapi.yaml", .delete, "GET"),
            ("/v1/boards/team/operations", .trace, "GET, POST"), ("/v1/boards/team/projects", .put, "GET"),
        ]
        try await fixture.application.test(.router) { client in
            for (uri, method, allow) in cases {
                try await client.execute(uri: uri, method: method, headers: fixture.headers(fixture.ada)) { response in
                    try expectError(response, .methodNotAllowed, code: "methodNotAllowed")
                    #expect(response.headers[.allow] == allow)
                }
            }
            try await client.execute(uri: "/v1/boards/team/nothing", method: .trace) { response in
                try expectError(response, .notFound, code: "notFound")
            }
        }
    }

    @Test func nullFieldIsRefusedAndNothingIsWritten() async throws {
        let fixture = try await ServerFixture.make()
        for name in ProjectField.allCases.map(\.rawValue) {
            let body = try Self.push(withNull: name)
            try await fixture.application.test(.router) { client in
                try await client.execute(
                    uri: "/v1/boards/team/operations", method: .post, headers: fixture.headers(fixture.ada), body: body
                ) { try expectError($0, .badRequest, code: "invalidJSON") }
                try await client.execute(
                    uri: "/v1/boards/team/operations", method: .get, headers: fixture.headers(fixture.ada)
                ) { response in
                    let page = try decode(OperationPage.self, response)
                    #expect(page.operations.isEmpty)
                }
            }
        }
    }

    @Test func unknownFieldMayBeNull() async throws {
        let fixture = try await ServerFixture.make()
        let body = try Self.push(withNull: "future")
        try await fixture.application.test(.router) { client in
            try await client.execute(
                uri: "/v1/boards/team/operations", method: .post, headers: fixture.headers(fixture.ada), body: body
            ) { #expect($0.status == .ok) }
        }
    }

    /// A push of one valid operation whose field `name` is `null`.
    static func push(withNull name: String) throws -> ByteBuffer {
        var body = try #require(
            try JSONSerialization.jsonObject(
                with: Data(try ServerFixture.body([SyncFixtures.operation(1)]).readableBytesView))
                as? [String: Any])
        var operations = try #require(body["operations"] as? [[String: Any]])
        var fields = try #require(operations[0]["fields"] as? [String: Any])
        fields[name] = NSNull()
        operations[0]["fields"] = fields
        body["operations"] = operations
        return ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: body))
    }

    @Test func wallTimeAfterYear9999IsRefusedSoSnapshotDeadlinesStayDates() async throws {
        let fixture = try await ServerFixture.make()
        // A server whose clock stands at the end of the year 9999, so the skew refuses nothing here.
        try await fixture.application(clockSkew: .acceptingEveryWallTime).test(.router) { client in
            try await client.execute(
                uri: "/v1/boards/team/operations", method: .post, headers: fixture.headers(fixture.ada),
                body: try ServerFixture.body([SyncFixtures.operation(1, wallTime: 253_402_300_800_000)])
            ) { try expectError($0, .unprocessableContent, code: "wallTimeRange") }
            try await client.execute(
                uri: "/v1/boards/team/operations", method: .post, headers: fixture.headers(fixture.ada),
                body: try ServerFixture.body([SyncFixtures.operation(2, project: 2, wallTime: 253_402_300_799_999)])
            ) { #expect($0.status == .ok) }
            try await client.execute(
                uri: "/v1/boards/team/projects", method: .get, headers: fixture.headers(fixture.ada)
            ) { response in
                let text = String(decoding: response.body.readableBytesView, as: UTF8.self)
                #expect(text.contains(#""deadline":"9999-12-31""#))
            }
        }
    }
}
