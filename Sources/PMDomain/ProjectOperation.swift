public import Foundation

/// One change to one project: the field values it sets, stamped with a hybrid logical clock.
/// Adding, editing, moving, deleting and undoing are all operations; the operation log is the
/// source of the board, of its history and of sync.
public struct ProjectOperation: Identifiable, Hashable, Sendable, Codable {
    /// Chosen by the device that made it; applying an operation twice changes nothing.
    public var id: UUID
    /// The project it changes.
    public var projectID: UUID
    /// When and where it was made, by the clock that decides which write of a field wins.
    public var timestamp: HybridTimestamp
    /// The field values it sets.
    public var fields: ProjectFields

    /// An operation from its parts.
    public init(id: UUID, projectID: UUID, timestamp: HybridTimestamp, fields: ProjectFields) {
        self.id = id
        self.projectID = projectID
        self.timestamp = timestamp
        self.fields = fields
    }

    /// Checks the operation as a whole: it sets something, and what it sets obeys the card rules.
    public func validate() throws(RuleViolation) {
        if fields.isEmpty {
            throw .operationInvalid("it sets no field")
        }
        // A card's creation day is its default deadline, and deadlines end with year 9999.
        if timestamp.wallTime > Self.wallTimeMaximum {
            throw .wallTimeRange(timestamp.wallTime, maximum: Self.wallTimeMaximum)
        }
        try fields.validate()
    }

    /// The latest wall time an operation may carry: 9999-12-31T23:59:59.999Z.
    public static let wallTimeMaximum: Int64 = 253_402_300_799_999

    enum CodingKeys: String, CodingKey {
        case id
        case projectID = "projectId"
        case timestamp
        case fields
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        projectID = try container.decode(UUID.self, forKey: .projectID)
        timestamp = try container.decode(HybridTimestamp.self, forKey: .timestamp)
        fields = try container.decode(ProjectFields.self, forKey: .fields)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id.lowercased, forKey: .id)
        try container.encode(projectID.lowercased, forKey: .projectID)
        try container.encode(timestamp, forKey: .timestamp)
        try container.encode(fields, forKey: .fields)
    }
}

extension UUID {
    /// The id as this product writes it: lowercase, as git and most tools print UUIDs. Written
    /// byte by byte, since imports and lists format hundreds of thousands of them.
    public var lowercased: String {
        withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
                var index = 0
                for (offset, byte) in bytes.enumerated() {
                    if offset == 4 || offset == 6 || offset == 8 || offset == 10 {
                        text[index] = UInt8(ascii: "-")
                        index += 1
                    }
                    text[index] = hexDigits[Int(byte >> 4)]
                    text[index + 1] = hexDigits[Int(byte & 0x0F)]
                    index += 2
                }
                return index
            }
        }
    }

    /// The UUID in `text`, 36 bytes in the form `UUID(uuidString:)` reads (hex digits of either
    /// case), read without `sscanf`, which `UUID(uuidString:)` calls on Linux.
    public init?(text: UnsafeBufferPointer<UInt8>) {
        guard text.count == 36 else { return nil }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var position = 0
        let read = withUnsafeMutableBytes(of: &uuid) { out -> Bool in
            for offset in 0..<16 {
                if offset == 4 || offset == 6 || offset == 8 || offset == 10 {
                    guard text[position] == UInt8(ascii: "-") else { return false }
                    position += 1
                }
                guard let high = hexValue(text[position]), let low = hexValue(text[position + 1]) else { return false }
                out[offset] = high << 4 | low
                position += 2
            }
            return true
        }
        guard read else { return nil }
        self.init(uuid: uuid)
    }
}

func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 48...57: byte - 48
    case 97...102: byte - 87
    case 65...70: byte - 55
    default: nil
    }
}

private let hexDigits = Array("0123456789abcdef".utf8)
