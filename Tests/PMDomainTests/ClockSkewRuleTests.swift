import Foundation
import PMDomain
import PMTestSupport
import Testing

/// The server's side of the bounded clock: an operation stamped more than the skew ahead of the
/// receiving server's wall time breaks a rule of its own, named in the answer.
@Suite struct ClockSkewRuleTests {
    func operation(wallTime: Int64, counter: UInt32 = 0) -> ProjectOperation {
        ProjectOperation(
            id: deviceB, projectID: deviceA,
            timestamp: HybridTimestamp(wallTime: wallTime, counter: counter, device: deviceA),
            fields: ProjectFields(title: "Card"))
    }

    @Test func operationUpToTheSkewAheadIsAccepted() {
        #expect(throws: Never.self) {
            try operation(wallTime: noon + 300_000, counter: .max).validate(receivedAt: noon, skew: 300_000)
        }
        #expect(throws: Never.self) { try operation(wallTime: noon - 86_400_000).validate(receivedAt: noon, skew: 0) }
    }

    @Test func operationPastTheSkewBreaksTheWallTimeAheadRule() throws {
        let violation = try #require(
            throws: RuleViolation.self,
            performing: { try operation(wallTime: noon + 300_001).validate(receivedAt: noon, skew: 300_000) })

        #expect(violation.rule == "wallTimeAhead")
        #expect(violation.field == "timestamp")
        #expect(
            violation.description
                == "wallTime may be at most 300 seconds ahead of the server's clock (\(noon)), got \(noon + 300_001)")
    }

    @Test func theLargestOperationOnceAcceptedIsRefusedAtAnyTimeBeforeTheYear9999() throws {
        let poisoned = operation(wallTime: ProjectOperation.wallTimeMaximum, counter: .max)

        #expect(throws: Never.self) { try poisoned.validate() }
        let violation = try #require(
            throws: RuleViolation.self, performing: { try poisoned.validate(receivedAt: noon, skew: 300_000) })
        #expect(violation.rule == "wallTimeAhead")
    }

    @Test func theCardRulesStillComeFirst() throws {
        let empty = ProjectOperation(
            id: deviceB, projectID: deviceA, timestamp: HybridTimestamp(wallTime: noon, counter: 0, device: deviceA),
            fields: ProjectFields())
        let violation = try #require(
            throws: RuleViolation.self, performing: { try empty.validate(receivedAt: noon, skew: 300_000) })
        #expect(violation.rule == "operationInvalid")
    }
}
