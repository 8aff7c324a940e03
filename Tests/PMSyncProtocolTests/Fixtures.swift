import Foundation
import PMDomain
import PMTestSupport

/// The day a test writes as `YYYY-MM-DD`; a typo in a test stops it loudly.
func day(_ iso: String) -> Deadline {
    guard let date = Deadline(iso: iso) else { fatalError("not a date: \(iso)") }
    return date
}

/// 2026-11-21T12:00:00Z in milliseconds since 1970, as a hybrid clock reads it.
let noon: Int64 = 1_795_262_400_000

let deviceA = UUID.counted(0xA)
let deviceB = UUID.counted(0xB)
let projectID = UUID.counted(0x100)

/// A clock reading `seconds` after `noon`.
func stamp(_ seconds: Int64, counter: UInt32 = 0, device: UUID = deviceA) -> HybridTimestamp {
    HybridTimestamp(wallTime: noon + seconds * 1000, counter: counter, device: device)
}

/// Operation number `number` on `project`.
func operation(
    _ number: UInt64, on project: UUID = projectID, at timestamp: HybridTimestamp, _ fields: ProjectFields
) -> ProjectOperation {
    ProjectOperation(id: .counted(0x1000 + number), projectID: project, timestamp: timestamp, fields: fields)
}
