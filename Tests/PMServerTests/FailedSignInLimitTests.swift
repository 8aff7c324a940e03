import Foundation
import Hummingbird
import HummingbirdTesting
import PMServer
import Testing

/// Failed sign-ins on the sync API are counted per address and, past the limit, refused with 429.
@Suite struct FailedSignInLimitTests {
    @Test func givenRepeatedWrongTokensThenTheAddressIsRefusedWith429UntilTheWindowPasses() async throws {
        // Given a server whose sign-in limit stands on a clock the test moves
        let fixture = try await ServerFixture.make()
        let clock = Clock(Date(timeIntervalSince1970: 1_800_000_000))
        let limiter = SignInLimiter(attempts: SignInAttempts(limit: 3, window: 60), now: { clock.now })
        let router = buildRouter(repository: fixture.repository, signInLimiter: limiter)
        try await Application(router: router).test(.router) { client in
            let wrong: HTTPFields = [.authorization: "Bearer pm_0000000000000000000000000000000000000000"]
            // When three requests bring a wrong token, they are 401s
            for _ in 0..<3 {
                try await client.execute(uri: "/v1/boards/team/operations", method: .get, headers: wrong) {
                    try expectError($0, .unauthorized, code: "unauthorized")
                }
            }
            // Then the fourth, even with ada's right token, is refused with Retry-After
            try await client.execute(
                uri: "/v1/boards/team/operations", method: .get, headers: fixture.headers(fixture.ada)
            ) { response in
                try expectError(response, .tooManyRequests, code: "tooManySignIns")
                #expect(Int(response.headers[.retryAfter] ?? "") == 60)
            }
            // And once the window has passed, ada signs in again
            clock.now += 61
            try await client.execute(
                uri: "/v1/boards/team/operations", method: .get, headers: fixture.headers(fixture.ada)
            ) { #expect($0.status == .ok) }
        }
    }

    @Test func givenRequestsWithoutCredentialsThenTheyAreNotCountedAsFailures() async throws {
        let fixture = try await ServerFixture.make()
        let limiter = SignInLimiter(
            attempts: SignInAttempts(limit: 1, window: 60), now: { Date(timeIntervalSince1970: 0) })
        try await Application(router: buildRouter(repository: fixture.repository, signInLimiter: limiter)).test(.router)
        {
            client in
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

    /// A wall clock the test sets.
    final class Clock: @unchecked Sendable {
        var now: Date
        init(_ now: Date) { self.now = now }
    }
}
