public import Foundation
public import PMDomain

/// Operations and ids for sync tests, numbered so that a failing test names what it used.
public enum SyncFixtures {
    /// The UUID whose last 12 hex digits are `number`: `00000000-0000-0000-0000-000000000007`.
    public static func uuid(_ number: Int) -> UUID {
        .counted(UInt64(number), after: "00000000-0000-0000-0000-")
    }

    /// The device every fixture operation comes from.
    public static let device = uuid(0xDE71CE)

    /// Operation `number` on project `project`, setting `fields`, at wall time `wallTime`
    /// (by default one second after 2026-11-21T00:00Z per operation number).
    public static func operation(
        _ number: Int, project: Int = 1, wallTime: Int64? = nil, fields: ProjectFields = ProjectFields(title: "Card")
    ) -> ProjectOperation {
        ProjectOperation(
            id: uuid(number), projectID: uuid(0x10_0000 + project),
            timestamp: HybridTimestamp(
                wallTime: wallTime ?? (1_763_683_200_000 + Int64(number) * 1000), counter: 0, device: device),
            fields: fields)
    }
}
