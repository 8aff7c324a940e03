import Foundation
import PMDomain
import PMTestSupport
import Testing

/// Every refusal names the field it is about and a stable rule, so a form can show it beside the field.
@Suite struct RuleViolationTests {
    @Test func everyRefusalNamesItsFieldAndRule() {
        let card = card(1)
        let cases: [(RuleViolation?, field: String?, rule: String)] = [
            (violation { try ProjectRules.title(String(repeating: "가", count: 101)) }, "title", "titleLength"),
            (violation { try ProjectRules.title("a\nb") }, "title", "titleMultiline"),
            (
                violation { try ProjectRules.description(String(repeating: "가", count: 1001)) }, "description",
                "descriptionLength"
            ),
            (violation { try Deadline(parsing: "someday", today: today) }, "deadline", "deadlineUnreadable"),
            (
                violation { try ProjectInput(deadline: "2026-11-01").edit(of: card, today: today) }, "deadline",
                "deadlinePast"
            ),
            (violation { try Status(parsing: "later") }, "status", "statusUnknown"),
            (violation { try IDPrefix("abc") }, "id", "idPrefixShort"),
            (violation { try IDPrefix("wxyz") }, "id", "idPrefixNotHex"),
            (violation { try DayCount(window: "soon") }, "within", "durationUnreadable"),
            (violation { try operation(1, at: stamp(0), ProjectFields()).validate() }, nil, "operationInvalid"),
        ]

        for (error, field, rule) in cases {
            #expect(error?.field == field, "\(rule)")
            #expect(error?.rule == rule)
        }
    }

    @Test func violationPrintsAsItsMessage() throws {
        let error = try #require(violation { try ProjectRules.title("") })

        #expect("\(error)" == "title must be 1–100 characters, got 0")
    }

    @Test func operationSettingNoFieldIsInvalid() {
        let error = violation { try operation(1, at: stamp(0), ProjectFields()).validate() }

        #expect(error?.description == "operation is invalid: it sets no field")
    }

    @Test func operationWithAnUntrimmedTitleOrDescriptionIsInvalid() {
        let title = violation { try operation(1, at: stamp(0), ProjectFields(title: " 제목")).validate() }
        let description = violation { try operation(1, at: stamp(0), ProjectFields(description: "메모\n")).validate() }

        #expect(title?.description == "operation is invalid: title has surrounding spaces")
        #expect(description?.description == "operation is invalid: description has surrounding spaces")
    }

    @Test func operationBreakingACardRuleIsRefusedByThatRule() {
        let long = violation {
            try operation(1, at: stamp(0), ProjectFields(title: String(repeating: "가", count: 101))).validate()
        }

        #expect(long?.description == "title must be 1–100 characters, got 101")
    }

    @Test func operationWithAPastDeadlineIsValidSinceHistoryHoldsOldDeadlines() {
        let old = operation(1, at: stamp(0), added("Write spec", deadline: "2020-01-01"))

        #expect(violation { try old.validate() } == nil)
    }
}
