import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PMDAV
import PMServer
import PMTestSupport
import Testing

/// Wrong HTTP Basic passwords count against the server's one limit of sign-in attempts, per
/// address and user as the web board's form counts them.
@Suite struct DAVSignInLimitTests {
    @Test func givenRepeatedWrongBasicPasswordsThenAdaFromThereIsRefusedWith429ButHerTokenIsNot() async throws {
        // Given CalDAV sharing a sign-in limit of three failures a minute
        let fixture = try await DAVFixture.make()
        let limiter = SignInLimiter(
            attempts: SignInAttempts(limit: 3, window: 60), now: { Date(timeIntervalSince1970: 1_800_000_000) })
        let application = Application(
            router: buildRouter(
                repository: fixture.repository, live: fixture.live,
                additions: CalDAV.additions(
                    repository: fixture.repository, live: fixture.live, environment: fixture.world.environment,
                    signInLimiter: limiter),
                clockSkew: .acceptingEveryWallTime))
        try await application.test(.router) { client in
            let wrong = ["Authorization": DAVFixture.basic("ada", "not her password")]
            // When three PROPFINDs bring a wrong password, each is a 401 with the Basic challenge
            for _ in 0..<3 {
                let response = try await fixture.send(
                    client, "PROPFIND", DAVFixture.calendarPath, headers: wrong, authorized: false)
                #expect(response.status == .unauthorized)
                #expect(response.headers[.wwwAuthenticate]?.hasPrefix("Basic") == true)
            }
            // Then a fourth Basic try as ada from there is refused unchecked, saying when to try again
            let refused = try await fixture.send(
                client, "PROPFIND", DAVFixture.calendarPath, headers: wrong, authorized: false)
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter] == "60")
            #expect(String(buffer: refused.body).contains("tooManySignIns"))
            // And ada's right token still signs her in: strangers' wrong guesses never refuse it
            let signedIn = try await fixture.send(
                client, "PROPFIND", DAVFixture.calendarPath, headers: ["Authorization": "Bearer \(fixture.ada)"],
                authorized: false)
            #expect(signedIn.status.code == 207)
        }
    }
}
