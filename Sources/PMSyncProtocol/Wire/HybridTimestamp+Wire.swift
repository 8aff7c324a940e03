import Foundation
public import PMDomain

/// A clock reading on the wire, `{"wallTime":N,"counter":N,"device":"…"}`: its reader, writer
/// and Codable form side by side, since operations, snapshots and stored card states all hold it.
extension HybridTimestamp: Codable {
    private enum CodingKeys: String, CodingKey {
        case wallTime, counter, device
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let wallTime = try container.decode(Int64.self, forKey: .wallTime)
        let counter = try container.decode(UInt32.self, forKey: .counter)
        let device = try container.decode(UUID.self, forKey: .device)
        guard (0..<HybridTimestamp.wallTimeLimit).contains(wallTime) else {
            throw DecodingError.dataCorruptedError(
                forKey: .wallTime, in: container,
                debugDescription: "wallTime must be milliseconds since 1970 (0 to 10^18), got \(wallTime)")
        }
        self.init(wallTime: wallTime, counter: counter, device: device)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(wallTime, forKey: .wallTime)
        try container.encode(counter, forKey: .counter)
        try container.encode(device.lowercased, forKey: .device)
    }
}

extension PlainJSONReader {
    /// A hybrid timestamp: `wallTime`, `counter` and `device`, each once.
    public mutating func timestamp() throws -> HybridTimestamp {
        var wallTime: Int64?
        var counter: UInt64?
        var device: UUID?
        try object { reader, key in
            switch key {
            // 18 digits at most: below HybridTimestamp.wallTimeLimit (10^18), as its decoder requires.
            case "wallTime" where wallTime == nil: wallTime = try reader.int64()
            case "counter" where counter == nil: counter = try reader.integer(maximumDigits: 10)
            case "device" where device == nil: device = try reader.uuid()
            default: throw NotPlain()
            }
        }
        guard let wallTime, let counter, let counter = UInt32(exactly: counter), let device else { throw NotPlain() }
        return HybridTimestamp(wallTime: wallTime, counter: counter, device: device)
    }
}

extension JSONWriter {
    /// `{"wallTime":…,"counter":…,"device":"…"}`, as the Codable form encodes it.
    public mutating func timestamp(_ timestamp: HybridTimestamp) {
        raw(#"{"wallTime":"#)
        integer(timestamp.wallTime)
        raw(#","counter":"#)
        integer(Int64(timestamp.counter))
        raw(#","device":"#)
        uuid(timestamp.device)
        byte(UInt8(ascii: "}"))
    }
}
