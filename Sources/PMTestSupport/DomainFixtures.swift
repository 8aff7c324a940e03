// Swift Testing is not in the static standard library, and a plain `swift build` builds this
// target too: without the guard the README's `swift build -c release --static-swift-stdlib` fails.
#if canImport(Testing)

public import Foundation
public import PMDomain
import Testing

/// The day a test writes as `YYYY-MM-DD`; a typo in a test stops it loudly.
public func day(_ iso: String) -> Deadline {
    guard let date = Deadline(iso: iso) else { fatalError("not a date: \(iso)") }
    return date
}

/// 2026-11-21T12:00:00Z in milliseconds since 1970, as a hybrid clock reads it.
public let noon: Int64 = 1_795_262_400_000

/// The devices and the card the domain's and the wire's tests write with.
public let deviceA = UUID.counted(0xA)
/// The second device.
public let deviceB = UUID.counted(0xB)
/// The card.
public let projectID = UUID.counted(0x100)

/// A clock reading `seconds` after `noon`.
public func stamp(_ seconds: Int64, counter: UInt32 = 0, device: UUID = deviceA) -> HybridTimestamp {
    HybridTimestamp(wallTime: noon + seconds * 1000, counter: counter, device: device)
}

/// Operation number `number` on `project`.
public func operation(
    _ number: UInt64, on project: UUID = projectID, at timestamp: HybridTimestamp, _ fields: ProjectFields
) -> ProjectOperation {
    ProjectOperation(id: .counted(0x1000 + number), projectID: project, timestamp: timestamp, fields: fields)
}

/// `value` encoded as `pm` writes JSON (ISO 8601 dates) and read back as an object, for tests
/// that check which keys a document has.
public func jsonObject(_ value: some Encodable) throws -> [String: Any] {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    let data = try encoder.encode(value)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
}

#endif
