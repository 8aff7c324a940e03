import Foundation
import Hummingbird
import HummingbirdTesting
import PMServer
import PMSyncProtocol
import PMTestSupport
import Testing

@Suite struct AccessRouteTests {
    static let boardRoutes: [(String, HTTPRequest.Method)] = [
        ("/v1/boards/team/operations", .post), ("/v1/boards/team/operations", .get),
        ("/v1/boards/team/projects", .get),
    ]

    @Test func healthNeedsNoToken() async throws {
        let fixture = try await ServerFixture.make()
        try await fixture.application.test(.router) { client in
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(decoding: response.body.readableBytesView, as: UTF8.self) == #"{"status":"ok"}"#)
            }
        }
    }

    @Test func openAPIDocumentIsServed() async throws {
        let fixture = try await ServerFixture.make()
        try await fixture.application.test(.router) { client in
            try await client.execute(uri: "/openapi.yaml", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(decoding: response.body.readableBytesView, as: UTF8.self).hasPrefix("openapi:"))
            }
        }
    }

    @Test func missingOrWrongTokenIsRefusedWith401() async throws {
        let fixture = try await ServerFixture.make()
        let wrong = AccessToken(randomBytes: Array(repeating: 0xA1, count: 19) + [0xA2])
        let headers = [
            fixture.headers(nil), fixture.headers(wrong), fixture.headers(AccessToken("short")),
            [.authorization: "Basic \(fixture.ada)"],
        ]
        try await fixture.application.test(.router) { client in
            for (uri, method) in Self.boardRoutes {
                for header in headers {
                    try await client.execute(
                        uri: uri, method: method, headers: header,
                        body: try ServerFixture.body([SyncFixtures.operation(1)])
                    ) { try expectError($0, .unauthorized, code: "unauthorized") }
                }
            }
        }
        #expect(try await fixture.repository.operations(board: "team", after: 0, limit: 10).head == 0)
    }

    @Test func boardOfOthersAnswers404LikeAMissingOne() async throws {
        let fixture = try await ServerFixture.make()
        try await fixture.application.test(.router) { client in
            for (uri, method) in Self.boardRoutes {
                try await client.execute(
                    uri: uri, method: method, headers: fixture.headers(fixture.bob),
                    body: try ServerFixture.body([SyncFixtures.operation(1)])
                ) { try expectError($0, .notFound, code: "boardNotFound") }
                try await client.execute(
                    uri: uri.replacingOccurrences(of: "team", with: "nowhere"), method: method,
                    headers: fixture.headers(fixture.ada), body: try ServerFixture.body([SyncFixtures.operation(1)])
                ) { try expectError($0, .notFound, code: "boardNotFound") }
            }
        }
        #expect(try await fixture.repository.operations(board: "team", after: 0, limit: 10).head == 0)
    }

    @Test func aBoardNameIsPercentDecodedFromThePath() async throws {
        let fixture = try await ServerFixture.make()
        try await fixture.repository.addBoard("팀 보드", members: ["ada"])
        try await fixture.application.test(.router) { client in
            try await client.execute(
                uri: "/v1/boards/%ED%8C%80%20%EB%B3%B4%EB%93%9C/operations", method: .post,
                headers: fixture.headers(fixture.ada), body: try ServerFixture.body([SyncFixtures.operation(1)])
            ) { #expect($0.status == .ok) }
        }
        #expect(try await fixture.repository.operations(board: "팀 보드", after: 0, limit: 10).head == 1)
    }

    @Test func revokedTokenIsRefused() async throws {
        let fixture = try await ServerFixture.make()
        _ = try await fixture.repository.revokeToken(prefix: fixture.ada.prefix)
        try await fixture.application.test(.router) { client in
            try await client.execute(
                uri: "/v1/boards/team/projects", method: .get, headers: fixture.headers(fixture.ada)
            ) { try expectError($0, .unauthorized, code: "unauthorized") }
        }
    }

    @Test func unknownRouteAnswersJSON404() async throws {
        let fixture = try await ServerFixture.make()
        try await fixture.application.test(.router) { client in
            try await client.execute(uri: "/v1/nothing", method: .get) {
                try expectError($0, .notFound, code: "notFound")
            }
        }
    }
}
