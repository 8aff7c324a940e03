import Foundation
import PMDomain
import PMTestSupport

/// A random history of edits made on several devices, each stamping with its own hybrid clock,
/// sometimes after syncing another device's change. Replays from `seed`.
struct RandomOperations {
    static let projects = (1...3).map { UUID.counted(0x100 + $0) }
    static let devices = (1...3).map { UUID.counted(0xD0 + $0) }
    private static let titles = ["Write spec", "스펙 작성", "배포 준비 🚀", "Review"]
    private static let descriptions = ["", "첫 줄\n둘째 줄", "notes"]

    /// Every operation made, once each, in the order they were made.
    let operations: [ProjectOperation]

    init(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var clocks = Self.devices.map { HybridClock(device: $0) }
        var made: [ProjectOperation] = []
        for number in 0..<Int.random(in: 5...40, using: &random) {
            let device = Int.random(in: 0..<clocks.count, using: &random)
            if Bool.random(using: &random), let seen = made.randomElement(using: &random) {
                clocks[device].receive(seen.timestamp, now: seen.timestamp.wallTime)
            }
            // Coarse, skewed wall clocks: devices often share a millisecond, and some run behind.
            let now = noon + Int64.random(in: 0...3, using: &random) * 1000 - Int64(device) * 1000
            made.append(
                ProjectOperation(
                    id: .counted(0x1000 + UInt64(number)),
                    projectID: Self.projects.randomElement(using: &random)!,
                    timestamp: clocks[device].tick(now: now),
                    fields: Self.randomFields(using: &random)))
        }
        operations = made
    }

    /// The operations as a network might deliver them: shuffled, some of them twice.
    func delivered(using random: inout SeededGenerator) -> [ProjectOperation] {
        let again = operations.shuffled(using: &random).prefix(Int.random(in: 0...5, using: &random))
        return (operations + again).shuffled(using: &random)
    }

    private static func randomFields(using random: inout SeededGenerator) -> ProjectFields {
        var fields = ProjectFields()
        if Bool.random(using: &random) { fields.title = titles.randomElement(using: &random) }
        if Bool.random(using: &random) { fields.description = descriptions.randomElement(using: &random) }
        if Bool.random(using: &random) { fields.deadline = today.adding(days: Int.random(in: -2...2, using: &random)) }
        if Bool.random(using: &random) { fields.status = Status.allCases.randomElement(using: &random) }
        if Int.random(in: 0..<4, using: &random) == 0 { fields.deleted = Bool.random(using: &random) }
        if fields.isEmpty { fields.title = titles.randomElement(using: &random) }
        return fields
    }
}
