import Foundation
import Hummingbird
import HummingbirdTesting
import PMServer
import PMTestSupport
import Testing

/// Bearer tokens on the sync API count as sign-in attempts by token prefix and address: a token
/// got wrong too often is refused with 429, and never does it refuse another, right, token.
@Suite struct BearerSignInLimitTests {
    @Test func givenRepeatedWrongTokensThenThatTokenIsRefusedWith429AndAdasStillWorks() async throws {
        // Given a server whose sign-in limit stands on a clock the test moves
        let fixture = try await ServerFixture.make()
        let clock = Clock(Date(timeIntervalSince1970: 1_800_000_000))
        let limiter = SignInLimiter(attempts: SignInAttempts(limit: 3, window: 60), now: { clock.now })
        let router = buildRouter(
            repository: fixture.repository, signInLimiter: limiter, clockSkew: .acceptingEveryWallTime)
        try await Application(router: router).test(.router) { client in
            let wrong: HTTPFields = [.authorization: "Bearer pm_0000000000000000000000000000000000000000"]
            // When three requests bring a wrong token, they are 401s
            for _ in 0..<3 {
                try await client.execute(uri: "/v1/boards/team/operations", method: .get, headers: wrong) {
                    try expectError($0, .unauthorized, code: "unauthorized")
                }
            }
            // Then the fourth with it is refused unchecked, with Retry-After
            try await client.execute(uri: "/v1/boards/team/operations", method: .get, headers: wrong) { response in
                try expectError(response, .tooManyRequests, code: "tooManySignIns")
                #expect(Int(response.headers[.retryAfter] ?? "") == 60)
            }
            // And ada's right token, from the same address, is not
            try await client.execute(
                uri: "/v1/boards/team/operations", method: .get, headers: fixture.headers(fixture.ada)
            ) { #expect($0.status == .ok) }
            // And once the window has passed, the wrong token is checked again
            clock.now += 61
            try await client.execute(uri: "/v1/boards/team/operations", method: .get, headers: wrong) {
                try expectError($0, .unauthorized, code: "unauthorized")
            }
        }
    }

    @Test func givenRequestsWithoutCredentialsThenTheyAreNotCountedAsFailures() async throws {
        let fixture = try await ServerFixture.make()
        let limiter = SignInLimiter(
            attempts: SignInAttempts(limit: 1, window: 60), now: { Date(timeIntervalSince1970: 0) })
        let router = buildRouter(
            repository: fixture.repository, signInLimiter: limiter, clockSkew: .acceptingEveryWallTime)
        try await Application(router: router).test(.router) { client in
            for _ in 0..<3 {
                try await client.execute(uri: "/v1/boards/team/operations", method: .get) {
                    try expectError($0, .unauthorized, code: "unauthorized")
                }
            }
            try await client.execute(
                uri: "/v1/boards/team/operations", method: .get, headers: fixture.headers(fixture.ada)
            ) { #expect($0.status == .ok) }
        }
    }

    @Test func givenManyWrongTokensFromOneAddressThenWrongAnswersSlowDownAndARightOneDoesNot() async throws {
        // Given a limiter that records how long it holds answers back
        let fixture = try await ServerFixture.make()
        let pauses = Pauses()
        let limiter = SignInLimiter(
            attempts: SignInAttempts(limit: 2, addressLimit: 3, window: 60),
            now: { Date(timeIntervalSince1970: 0) }, pause: { pauses.add($0) })
        let router = buildRouter(
            repository: fixture.repository, signInLimiter: limiter, clockSkew: .acceptingEveryWallTime)
        try await Application(router: router).test(.router) { client in
            // When five different wrong tokens come from one address
            for guess in 0..<5 {
                let wrong: HTTPFields = [.authorization: "Bearer pm_\(guess)000000000000000000000000000000000000000"]
                try await client.execute(uri: "/v1/boards/team/operations", method: .get, headers: wrong) {
                    try expectError($0, .unauthorized, code: "unauthorized")
                }
            }
            // Then those past the address's limit were held back, longer each time
            #expect(pauses.values == [1, 2])
            // And ada's right token is answered at once
            try await client.execute(
                uri: "/v1/boards/team/operations", method: .get, headers: fixture.headers(fixture.ada)
            ) { #expect($0.status == .ok) }
            #expect(pauses.values == [1, 2])
        }
    }

    /// A wall clock the test sets.
    final class Clock: @unchecked Sendable {
        var now: Date
        init(_ now: Date) { self.now = now }
    }

    /// The hold-backs a limiter asked for.
    final class Pauses: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [TimeInterval] = []
        var values: [TimeInterval] { lock.withLock { recorded } }
        func add(_ seconds: TimeInterval) { lock.withLock { recorded.append(seconds) } }
    }
}
