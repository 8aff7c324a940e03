import Foundation
import PMDomain
import PMTestSupport
import Testing

/// An instant a test writes in ISO 8601, such as `2026-11-21T23:30:00Z`.
func instant(_ iso: String) -> Date {
    guard let date = ISO8601DateFormatter().date(from: iso) else { fatalError("not an instant: \(iso)") }
    return date
}

/// The rule `body` breaks, or `nil` when it succeeds.
func violation<T>(_ body: () throws -> T) -> RuleViolation? {
    do {
        _ = try body()
        return nil
    } catch let error as RuleViolation {
        return error
    } catch {
        Issue.record("expected a RuleViolation, got \(error)")
        return nil
    }
}

/// The day every dated test stands on.
let today = day("2026-11-21")

/// The fields of a freshly added card.
func added(_ title: String, deadline: String = "2026-12-01", status: Status = .todo) -> ProjectFields {
    ProjectFields(title: title, description: "", deadline: day(deadline), status: status, deleted: false)
}

/// The merge of `operations`, in the order given, per project.
func states(after operations: some Sequence<ProjectOperation>) -> [UUID: ProjectState] {
    var states: [UUID: ProjectState] = [:]
    for operation in operations {
        states[operation.projectID, default: ProjectState(id: operation.projectID)].apply(operation)
    }
    return states
}

/// A card as the board shows it.
func card(
    _ number: UInt64, _ title: String = "Card", deadline: String = "2026-12-01", status: Status = .todo,
    createdAt: String = "2026-11-20T09:00:00Z"
) -> Project {
    Project(
        id: .counted(number), title: title, description: "", deadline: day(deadline), status: status,
        createdAt: instant(createdAt), updatedAt: instant(createdAt))
}

/// A random id; with `bytes`, every byte is drawn from them, so ids share long prefixes.
func randomUUID(using random: inout SeededGenerator, bytes: [UInt8]? = nil) -> UUID {
    let b = (0..<16).map { _ in bytes?.randomElement(using: &random) ?? UInt8.random(in: 0...255, using: &random) }
    return UUID(
        uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
}
