import Foundation
import Hummingbird
import HummingbirdTesting
import PMDomain
import PMServer
import PMSyncProtocol
import PMTestSupport
import Testing

@Suite struct PushRouteTests {
    @Test func pushAnswersEachOperationsSeq() async throws {
        let fixture = try await ServerFixture.make()
        let operations = (1...3).map { SyncFixtures.operation($0) }
        try await fixture.application.test(.router) { client in
            try await client.execute(
                uri: "/v1/boards/team/operations", method: .post, headers: fixture.headers(fixture.ada),
                body: try ServerFixture.body(operations)
            ) { response in
                #expect(response.status == .ok)
                let answer = try decode(PushResponse.self, response)
                #expect(answer.results == operations.enumerated().map { .init(id: $1.id, seq: Int64($0 + 1)) })
                let text = String(decoding: response.body.readableBytesView, as: UTF8.self)
                #expect(text == text.lowercased())
            }
        }
    }

    @Test func retriedPushIsAnsweredTheSameAndAppliedOnce() async throws {
        let fixture = try await ServerFixture.make()
        let operations = (1...2).map { SyncFixtures.operation($0) }
        try await fixture.application.test(.router) { client in
            var answers: [PushResponse] = []
            for _ in 0..<2 {
                try await client.execute(
                    uri: "/v1/boards/team/operations", method: .post, headers: fixture.headers(fixture.ada),
                    body: try ServerFixture.body(operations)
                ) { answers.append(try decode(PushResponse.self, $0)) }
            }
            #expect(answers[0] == answers[1])
        }
        #expect(try await fixture.repository.operations(board: "team", after: 0, limit: 10).head == 2)
    }

    @Test func operationStampedPastTheSkewIsRefusedWith422AndNothingWritten() async throws {
        // Given a server whose clock reads 2026-11-21T12:00Z, with the default five-minute skew
        let fixture = try await ServerFixture.make()
        let noon: Int64 = 1_795_262_400_000
        let server = ClockSkew(now: { Date(timeIntervalSince1970: Double(noon) / 1000) })
        let batches = [
            // the largest clock a server once accepted, and one just past the skew, each beside a good one
            [SyncFixtures.operation(1, wallTime: noon), SyncFixtures.operation(2, wallTime: 253_402_300_799_999)],
            [SyncFixtures.operation(3, wallTime: noon), SyncFixtures.operation(4, wallTime: noon + 300_001)],
        ]
        try await fixture.application(clockSkew: server).test(.router) { client in
            for batch in batches {
                // When a member pushes it
                try await client.execute(
                    uri: "/v1/boards/team/operations", method: .post, headers: fixture.headers(fixture.ada),
                    body: try ServerFixture.body(batch)
                ) { response in
                    // Then the push is refused, naming the rule
                    try expectError(response, .unprocessableContent, code: "wallTimeAhead")
                    let body = try decode(ErrorBody.self, response)
                    #expect(body.error.message.contains("at most 300 seconds ahead of the server's clock"))
                }
            }
            // and an operation at exactly the skew is taken
            try await client.execute(
                uri: "/v1/boards/team/operations", method: .post, headers: fixture.headers(fixture.ada),
                body: try ServerFixture.body([SyncFixtures.operation(5, wallTime: noon + 300_000)])
            ) { #expect($0.status == .ok) }
        }
        // And nothing of the refused batches was stored
        let stored = try await fixture.repository.operations(board: "team", after: 0, limit: 10)
        #expect(stored.operations.map(\.operation.id) == [SyncFixtures.uuid(5)])
    }

    @Test func skewIsTheServersToSet() async throws {
        let fixture = try await ServerFixture.make()
        let noon: Int64 = 1_795_262_400_000
        let server = ClockSkew(milliseconds: 60_000, now: { Date(timeIntervalSince1970: Double(noon) / 1000) })
        try await fixture.application(clockSkew: server).test(.router) { client in
            try await client.execute(
                uri: "/v1/boards/team/operations", method: .post, headers: fixture.headers(fixture.ada),
                body: try ServerFixture.body([SyncFixtures.operation(1, wallTime: noon + 60_001)])
            ) { try expectError($0, .unprocessableContent, code: "wallTimeAhead") }
            try await client.execute(
                uri: "/v1/boards/team/operations", method: .post, headers: fixture.headers(fixture.ada),
                body: try ServerFixture.body([SyncFixtures.operation(2, wallTime: noon + 60_000)])
            ) { #expect($0.status == .ok) }
        }
    }

    @Test func operationBreakingARuleIsRefusedWith422AndNothingWritten() async throws {
        let fixture = try await ServerFixture.make()
        let operations = [
            SyncFixtures.operation(1),
            SyncFixtures.operation(2, fields: ProjectFields(title: String(repeating: "x", count: 101))),
        ]
        try await fixture.application.test(.router) { client in
            try await client.execute(
                uri: "/v1/boards/team/operations", method: .post, headers: fixture.headers(fixture.ada),
                body: try ServerFixture.body(operations)
            ) { response in
                try expectError(response, .unprocessableContent, code: "titleLength")
                #expect(try decode(ErrorBody.self, response).error.message.contains("title must be 1–100"))
            }
        }
        #expect(try await fixture.repository.operations(board: "team", after: 0, limit: 10).head == 0)
    }

    @Test func titleWithATerminalEscapeIsRefusedWith422AndNothingWritten() async throws {
        // Given a member's push whose title would retitle and clear every teammate's terminal
        let fixture = try await ServerFixture.make()
        let hostile = ProjectFields(title: "\u{1B}]0;HACKED\u{07}\u{1B}[2J제목")

        try await fixture.application.test(.router) { client in
            try await client.execute(
                uri: "/v1/boards/team/operations", method: .post, headers: fixture.headers(fixture.ada),
                body: try ServerFixture.body([SyncFixtures.operation(1, fields: hostile)])
            ) { response in
                // Then it is refused naming the rule, and the board is unchanged
                try expectError(response, .unprocessableContent, code: "titleControl")
                #expect(try decode(ErrorBody.self, response).error.message.contains("got U+001B"))
            }
        }
        #expect(try await fixture.repository.operations(board: "team", after: 0, limit: 10).head == 0)
    }

    @Test func operationSettingNoFieldIsRefusedWith422() async throws {
        let fixture = try await ServerFixture.make()
        try await fixture.application.test(.router) { client in
            try await client.execute(
                uri: "/v1/boards/team/operations", method: .post, headers: fixture.headers(fixture.ada),
                body: try ServerFixture.body([SyncFixtures.operation(1, fields: ProjectFields())])
            ) { try expectError($0, .unprocessableContent, code: "operationInvalid") }
        }
    }

    @Test func malformedJSONIsRefusedWith400() async throws {
        let fixture = try await ServerFixture.make()
        try await fixture.application.test(.router) { client in
            for text in ["not json", #"{"operations":[{"id":"x"}]}"#, "{}", #"{"operations":[]"#] {
                try await client.execute(
                    uri: "/v1/boards/team/operations", method: .post, headers: fixture.headers(fixture.ada),
                    body: ByteBuffer(string: text)
                ) { try expectError($0, .badRequest, code: "invalidJSON") }
            }
        }
    }

    @Test func moreThanAThousandOperationsAreRefusedWith413() async throws {
        let fixture = try await ServerFixture.make()
        let operations = (1...1001).map { SyncFixtures.operation($0, fields: ProjectFields(deleted: false)) }
        try await fixture.application.test(.router) { client in
            try await client.execute(
                uri: "/v1/boards/team/operations", method: .post, headers: fixture.headers(fixture.ada),
                body: try ServerFixture.body(operations)
            ) { try expectError($0, .contentTooLarge, code: "tooManyOperations") }
        }
        #expect(try await fixture.repository.operations(board: "team", after: 0, limit: 10).head == 0)
    }

    @Test func aThousandOperationsAreAccepted() async throws {
        let fixture = try await ServerFixture.make()
        let operations = (1...1000).map { SyncFixtures.operation($0, fields: ProjectFields(deleted: false)) }
        try await fixture.application.test(.router) { client in
            try await client.execute(
                uri: "/v1/boards/team/operations", method: .post, headers: fixture.headers(fixture.ada),
                body: try ServerFixture.body(operations)
            ) { response in
                let answer = try decode(PushResponse.self, response)
                #expect(answer.results.last?.seq == 1000)
            }
        }
    }

    @Test func bodyOverOneMebibyteIsRefusedWith413() async throws {
        let fixture = try await ServerFixture.make()
        let padding = String(repeating: " ", count: PushRequest.bodyLimit)
        try await fixture.application.test(.router) { client in
            try await client.execute(
                uri: "/v1/boards/team/operations", method: .post, headers: fixture.headers(fixture.ada),
                body: ByteBuffer(string: #"{"operations":[]}"# + padding)
            ) { try expectError($0, .contentTooLarge, code: "bodyTooLarge") }
        }
    }
}
