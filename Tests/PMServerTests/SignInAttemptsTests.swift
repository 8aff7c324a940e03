import Foundation
import PMServer
import PMTestSupport
import Testing

/// The rule of ``SignInAttempts``: attempts are reserved before their secret is checked; a pair
/// (address, user or token) at the limit of wrong ones is refused, and one whose count is full of
/// attempts still being checked waits; a right secret is never refused because of other pairs'
/// wrong ones, whose answers slow down instead, nor because of its own requests at once.
@Suite struct SignInAttemptsTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let stranger = SignInKey.user("ada", address: "192.0.2.1")

    /// Admits `key` at `date` and reports it wrong; answers the failure.
    func fail(_ attempts: inout SignInAttempts, _ key: SignInKey, at date: Date) -> SignInAttempts.Failure? {
        guard case .admitted(let ticket) = attempts.admit(key, at: date) else { return nil }
        return attempts.failed(ticket, key, at: date)
    }

    @Test func givenFiveAttemptsNotYetAnsweredThenTheSixthWaitsAndIsRefusedOnceTheyAreWrong() {
        // Given five attempts of one pair admitted and still being checked
        var attempts = SignInAttempts()
        var tickets: [UInt64] = []
        for second in 0..<5 {
            guard case .admitted(let ticket) = attempts.admit(stranger, at: start + TimeInterval(second)) else {
                Issue.record("attempt \(second) refused")
                return
            }
            tickets.append(ticket)
        }
        // Then the sixth is held back unchecked, not admitted: five of the pair are unanswered
        #expect(attempts.admit(stranger, at: start + 5) == .busy)
        // And once the five are wrong it is refused until the first is a minute old
        for ticket in tickets { _ = attempts.failed(ticket, stranger, at: start + 5) }
        #expect(attempts.admit(stranger, at: start + 5) == .refused(retryAfter: 55))
        #expect(attempts.admit(stranger, at: start + 59.5) == .refused(retryAfter: 1))
        if case .refused = attempts.admit(stranger, at: start + 60) { Issue.record("still refused after the window") }
    }

    @Test func givenFiveRightAttemptsBeingCheckedThenTheSixthWaitsAndIsAdmittedOnceOneSucceeds() {
        // Given five attempts of one pair with a right token, still being checked
        var attempts = SignInAttempts()
        let device = SignInKey.token("pm_5a0123456789abcdef", address: "192.0.2.1")
        var tickets: [UInt64] = []
        for _ in 0..<5 {
            guard case .admitted(let ticket) = attempts.admit(device, at: start) else {
                Issue.record("a right token's own requests refused it")
                return
            }
            tickets.append(ticket)
        }
        // When a sixth comes, it waits; and when one of the five succeeds
        #expect(attempts.admit(device, at: start) == .busy)
        attempts.succeeded(tickets[0], device)
        // Then it is admitted: a client's own requests at once never refuse its right token
        guard case .admitted = attempts.admit(device, at: start) else {
            Issue.record("still held back after a success")
            return
        }
    }

    @Test func givenAStrangerAtTheLimitThenAdaElsewhereAndOtherTokensAtTheSameAddressAreAdmitted() {
        // Given five wrong sign-ins as ada, spelt "ADA", from a stranger's address
        var attempts = SignInAttempts()
        for second in 0..<5 {
            _ = fail(&attempts, .user("ADA", address: "192.0.2.1"), at: start + TimeInterval(second))
        }
        #expect(attempts.admit(stranger, at: start + 5) == .refused(retryAfter: 55))
        // Then ada from her own address, and a token from the stranger's, are admitted
        guard case .admitted = attempts.admit(.user("ada", address: "198.51.100.7"), at: start + 5) else {
            Issue.record("ada refused because of a stranger")
            return
        }
        guard case .admitted = attempts.admit(.token("pm_aaaaaaaaaaaaaaaa", address: "192.0.2.1"), at: start + 5)
        else {
            Issue.record("a token refused because of another's guesses")
            return
        }
    }

    @Test func givenTheFifthWrongAttemptOfAPairThenItIsALockOut() {
        var attempts = SignInAttempts()
        let failures = (0..<5).map { fail(&attempts, stranger, at: start + TimeInterval($0)) }
        #expect(failures.map { $0?.lockedOut } == [false, false, false, false, true])
    }

    @Test func givenAUserPastTheLimitFromManyAddressesThenWrongAnswersSlowDownDoubling() {
        // Given ada's five wrong attempts from one address
        var attempts = SignInAttempts()
        for second in 0..<5 { _ = fail(&attempts, stranger, at: start + TimeInterval(second)) }
        // When further wrong ones come from other addresses
        let slowdowns = (1...5).map {
            fail(&attempts, .user("ada", address: "203.0.113.\($0)"), at: start + 5)?.slowdown
        }
        // Then each is held back longer, up to the most
        #expect(slowdowns == [1, 2, 4, 8, 8])
    }

    @Test func givenARightSecretThenItsReservationGoesAndItsPairStartsAfresh() {
        // Given four wrong attempts of a pair
        var attempts = SignInAttempts()
        for second in 0..<4 { _ = fail(&attempts, stranger, at: start + TimeInterval(second)) }
        // When the fifth is right
        guard case .admitted(let ticket) = attempts.admit(stranger, at: start + 4) else {
            Issue.record("refused")
            return
        }
        attempts.succeeded(ticket, stranger)
        // Then the pair may try five more times
        for _ in 0..<5 { #expect(fail(&attempts, stranger, at: start + 5) != nil) }
        #expect(attempts.admit(stranger, at: start + 5) == .refused(retryAfter: 60))
    }

    @Test func givenMoreKeysThanItsCapacityWhenAttemptsComeThenTheQuietestAreForgotten() {
        // Given a pair at its limit, filling the capacity with its three keys
        var attempts = SignInAttempts(limit: 1, window: 60, capacity: 3)
        _ = fail(&attempts, .user("a", address: "x"), at: start)
        #expect(attempts.admit(.user("a", address: "x"), at: start + 1) == .refused(retryAfter: 59))
        // When another pair's keys come
        _ = fail(&attempts, .user("c", address: "y"), at: start + 2)
        // Then the first pair's, the quietest, are forgotten
        if case .refused = attempts.admit(.user("a", address: "x"), at: start + 3) { Issue.record("not forgotten") }
    }

    @Test func givenAUserNameInAnotherCaseWhenKeyedThenItCountsAgainstTheSameUser() {
        #expect(SignInKey.user("Ada", address: "192.0.2.1") == SignInKey.user("ada", address: "192.0.2.1"))
        #expect(SignInKey.user("ada", address: nil).address == "address:unknown")
        #expect(SignInKey.token("pm_5a0123456789abcdef", address: "192.0.2.1").who == "token:pm_5a0123456")
    }
}
