import Foundation
import PMTestSupport
import Testing

@testable import PMWeb

@Suite struct SignInAttemptsTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func givenFourFailuresWhenAskedThenNoWaitAndAtTheFifthAWaitUntilTheFirstIsAMinuteOld() {
        var attempts = SignInAttempts()
        for second in 0..<4 { attempts.recordFailure(for: ["user:ada"], at: start + TimeInterval(second)) }
        #expect(attempts.wait(for: ["user:ada"], at: start + 4) == nil)
        attempts.recordFailure(for: ["user:ada"], at: start + 4)
        #expect(attempts.wait(for: ["user:ada"], at: start + 4) == 56)
        #expect(attempts.wait(for: ["user:bob"], at: start + 4) == nil)
        #expect(attempts.wait(for: ["user:bob", "user:ada"], at: start + 59.5) == 1)
        #expect(attempts.wait(for: ["user:ada"], at: start + 60) == nil)
    }

    @Test func givenMoreKeysThanItsCapacityWhenFailuresComeThenTheQuietestAreForgotten() {
        var attempts = SignInAttempts(limit: 1, window: 60, capacity: 2)
        attempts.recordFailure(for: ["a"], at: start)
        attempts.recordFailure(for: ["b"], at: start + 1)
        attempts.recordFailure(for: ["c"], at: start + 2)
        #expect(attempts.wait(for: ["a"], at: start + 3) == nil)
        #expect(attempts.wait(for: ["b"], at: start + 3) == 58)
        #expect(attempts.wait(for: ["c"], at: start + 3) == 59)
    }

    @Test func givenAUserNameInAnotherCaseWhenKeyedThenItCountsAgainstTheSameUser() {
        #expect(SignInLimiter.keys(user: "Ada", address: "192.0.2.1") == ["user:ada", "address:192.0.2.1"])
        #expect(SignInLimiter.keys(user: "ada", address: nil) == ["user:ada", "address:unknown"])
    }
}
