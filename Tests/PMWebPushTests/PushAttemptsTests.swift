import PMServer
import PMWebPush
import Testing

@Suite struct PushAttemptsTests {
    @Test func createdIsDeliveredAndGoneIsGone() {
        var delivered = PushAttempts()
        #expect(delivered.next(status: 201, retryAfter: nil, random: 0) == .finish(.delivered))
        var notFound = PushAttempts()
        #expect(notFound.next(status: 404, retryAfter: nil, random: 0) == .finish(.gone))
        var gone = PushAttempts()
        #expect(gone.next(status: 410, retryAfter: nil, random: 0) == .finish(.gone))
    }

    @Test func tooManyRequestsWaitsAsToldThenGivesUpForTheRound() {
        // Given a push service that keeps answering 429 with Retry-After: 3
        var attempts = PushAttempts()
        var steps: [PushAttempts.Step] = []
        // When it is asked until the attempts stop
        for _ in 0..<PushAttempts.limit { steps.append(attempts.next(status: 429, retryAfter: 3, random: 0)) }
        // Then each retry waits three seconds, and the last try leaves the message for a later round
        #expect(steps.dropLast() == Array(repeating: .retry(after: .seconds(3)), count: PushAttempts.limit - 1))
        #expect(steps.last == .finish(.unavailable("HTTP 429")))
    }

    @Test func serverErrorsAndSilenceBackOffWithoutRetryAfter() {
        var attempts = PushAttempts()
        #expect(attempts.next(status: 503, retryAfter: nil, random: 1) == .retry(after: .seconds(1)))
        #expect(attempts.next(status: nil, retryAfter: nil, error: "refused", random: 1) == .retry(after: .seconds(2)))
        #expect(attempts.next(status: 500, retryAfter: nil, random: 1) == .retry(after: .seconds(4)))
    }

    @Test func aWaitLongerThanARoundAllowsIsLeftForALaterRound() {
        var attempts = PushAttempts()
        #expect(
            attempts.next(status: 429, retryAfter: 3600, random: 0)
                == .finish(.unavailable("HTTP 429, retry after 3600 s")))
    }

    @Test func anyOtherAnswerIsARefusalNotRepeated() {
        var attempts = PushAttempts()
        #expect(attempts.next(status: 403, retryAfter: nil, random: 0) == .finish(.refused("HTTP 403")))
    }
}
