import Foundation
import PMDomain
import PMServer
import PMSync
import PMSyncClient
import PMSyncProtocol
import PMTestSupport
import Testing

@Suite struct HTTPSyncTransportErrorTests {
    @Test func anUnknownTokenIsRefusedAsUnauthorized() async throws {
        let fixture = try await ServerFixture.make()
        let stranger = AccessToken(randomBytes: Array(repeating: 0xCC, count: 20))
        try await fixture.withServer { port in
            let transport = fixture.transport(port: port, token: stranger)

            let error = await #expect(throws: SyncTransportError.self) { try await transport.pull(after: 0, limit: 1) }

            #expect(error?.refusal?.status == 401)
            #expect(error?.refusal?.code == "unauthorized")
            #expect(error?.description.contains(stranger.description) == false)
        }
    }

    @Test func aBoardTheUserIsNotAMemberOfIsRefusedAsNotFound() async throws {
        let fixture = try await ServerFixture.make()
        try await fixture.withServer { port in
            for transport in [
                fixture.transport(port: port, board: "elsewhere"), fixture.transport(port: port, token: fixture.bob),
            ] {
                let error = await #expect(throws: SyncTransportError.self) { try await transport.snapshot() }

                #expect(error?.refusal?.status == 404)
                #expect(error?.refusal?.code == "boardNotFound")
            }
        }
    }

    @Test func tooManyOperationsAreRefusedAndNothingIsStored() async throws {
        let fixture = try await ServerFixture.make()
        try await fixture.withServer { port in
            let transport = fixture.transport(port: port)
            let batch = (1...(PushRequest.operationLimit + 1)).map { SyncFixtures.operation($0) }

            let error = await #expect(throws: SyncTransportError.self) { try await transport.push(batch) }

            #expect(error?.refusal?.status == 413)
            #expect(error?.refusal?.code == "tooManyOperations")
            #expect(error?.isRetryable == false)
            let head = try await transport.pull(after: 0, limit: 1).head
            #expect(head == 0)
        }
    }

    @Test func anOperationBreakingACardRuleIsRefusedWithTheRulesName() async throws {
        let fixture = try await ServerFixture.make()
        try await fixture.withServer { port in
            let transport = fixture.transport(port: port)
            let untitled = SyncFixtures.operation(1, fields: ProjectFields(title: "  "))

            let error = await #expect(throws: SyncTransportError.self) { try await transport.push([untitled]) }

            #expect(error?.refusal?.status == 422)
            #expect(error?.refusal?.message.isEmpty == false)
        }
    }

    @Test func aServerThatIsNotThereIsUnreachable() async throws {
        // Given a loopback port nobody listens on
        let fixture = try await ServerFixture.make()
        let port = try ServerProcess.freePort()
        // The HTTP client keeps retrying a refused connection until the request's deadline.
        let transport = fixture.transport(port: port, timeout: .seconds(1))

        // When
        let errors: [SyncTransportError] = [
            await Self.error { _ = try await transport.push([SyncFixtures.operation(1)]) },
            await Self.error { _ = try await transport.pull(after: 0, limit: 1) },
            await Self.error { _ = try await transport.snapshot() },
            await Self.error { for try await _ in transport.heads() {} },
        ].compactMap { $0 }

        // Then every request, and the live connection, fail as retryable
        #expect(errors.count == 4)
        for error in errors {
            #expect(error.isUnreachable, "\(error)")
            #expect(!error.description.contains(fixture.ada.description))
        }
        // in plain words, not NIO's "connection reset (error set): … (errno: 111)"
        #expect(errors.first == .unreachable("connection refused"))
    }

    @Test func aServerThatNeverAnswersTimesOutAsUnreachable() async throws {
        let listener = try SilentListener()
        defer { listener.close() }
        let fixture = try await ServerFixture.make()
        let transport = fixture.transport(port: listener.port, timeout: .milliseconds(300))

        let error = await Self.error { _ = try await transport.pull(after: 0, limit: 1) }

        #expect(error?.isUnreachable == true, "\(String(describing: error))")
    }

    @Test(.timeLimit(.minutes(1)))
    func aLiveConnectionThatIsNeverAnsweredFailsOnceTheClockPassesTheTimeout() async throws {
        // Given a server that takes the connection and never answers the upgrade, and a
        // transport whose hour-long timeout runs on a clock the test moves
        let listener = try SilentListener()
        defer { listener.close() }
        let fixture = try await ServerFixture.make()
        let clock = TestClock()
        let transport = fixture.transport(port: listener.port, timeout: .seconds(3600), clock: clock)
        let consumer = Task { await Self.error { for try await _ in transport.heads() {} } }

        // When the watchdog waits and the clock passes the timeout
        await clock.waitForSleepers()
        clock.advance(by: .seconds(3600))

        // Then the heads end as unreachable at once, not an hour later
        #expect(await consumer.value == .unreachable("the live connection was not answered in time"))
    }

    @Test func noErrorMentionsTheToken() async throws {
        let fixture = try await ServerFixture.make()
        let stranger = AccessToken(randomBytes: Array(repeating: 0xCC, count: 20))
        try await fixture.withServer { port in
            let transports = [
                fixture.transport(port: port, token: stranger), fixture.transport(port: port, board: "elsewhere"),
                fixture.transport(port: port, token: fixture.bob),
            ]
            var errors: [SyncTransportError] = []
            for transport in transports {
                errors.append(
                    contentsOf: [
                        await Self.error { _ = try await transport.push([SyncFixtures.operation(1)]) },
                        await Self.error { _ = try await transport.pull(after: 0, limit: 1) },
                        await Self.error { _ = try await transport.snapshot() },
                        await Self.error { for try await _ in transport.heads() {} },
                    ].compactMap { $0 })
            }
            #expect(errors.count == 12)
            for error in errors {
                for token in [stranger, fixture.ada, fixture.bob] {
                    #expect(!error.description.contains(token.description))
                    #expect(!String(reflecting: error).contains(token.description))
                }
            }
        }
    }

    /// The transport error `body` throws, `nil` if it succeeds; any other error fails the test.
    static func error(_ body: () async throws -> Void) async -> SyncTransportError? {
        do {
            try await body()
            return nil
        } catch let error as SyncTransportError {
            return error
        } catch {
            Issue.record("not a transport error: \(error)")
            return nil
        }
    }
}

extension SyncTransportError {
    /// The parts of a `.refused`, `nil` for any other error.
    var refusal: (status: Int, code: String, message: String)? {
        if case .refused(let status, let code, let message) = self { return (status, code, message) }
        return nil
    }

    var isUnreachable: Bool {
        if case .unreachable = self { return true }
        return false
    }
}
