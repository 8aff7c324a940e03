public import Foundation
public import PMDomain

/// A batch of operations a client sends to a board: `POST /v1/boards/{board}/operations`.
public struct PushRequest: Codable, Hashable, Sendable {
    /// The most operations one batch may hold.
    public static let operationLimit = 1000
    /// The largest body, in bytes, the server reads.
    public static let bodyLimit = 1 << 20

    /// The operations, in the order the client made them.
    public var operations: [ProjectOperation]

    /// A batch of `operations`.
    public init(operations: [ProjectOperation]) {
        self.operations = operations
    }

    /// Decodes a batch, refusing a field given as `null`: a field is set or left out, never null.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        operations = try container.decode([StrictOperation].self, forKey: .operations).map(\.operation)
    }

    /// Reads a push body: straight from its bytes (``readPlain(_:)``) when it has the plain
    /// shape clients write, otherwise with `JSONDecoder`, which decides on anything unusual and
    /// explains what is wrong. Both read the same batch from the same body.
    public static func decode(_ body: Data) throws -> PushRequest {
        if let request = readPlain(body) { return request }
        return try JSONDecoder().decode(PushRequest.self, from: body)
    }

    /// The batch in `body` read byte by byte, or `nil` when the body is not in the plain shape
    /// this reader knows: one object holding only `operations`, each operation holding only
    /// `id`, `projectId`, `timestamp` (`wallTime`, `counter`, `device`) and `fields` (`title`,
    /// `description`, `deadline`, `status`, `deleted`, none `null`), each key once, integers
    /// without sign, fraction or exponent, valid UTF-8. `nil` says nothing about validity:
    /// ``decode(_:)`` then asks `JSONDecoder`.
    public static func readPlain(_ body: Data) -> PushRequest? {
        body.withUnsafeBytes { raw in
            var reader = PlainReader(bytes: raw.bindMemory(to: UInt8.self))
            return (try? reader.document()).map(PushRequest.init(operations:))
        }
    }

    /// An operation whose `fields` hold no `null`.
    private struct StrictOperation: Decodable {
        let operation: ProjectOperation

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            operation = try ProjectOperation(from: decoder)
            let fields = try decoder.container(keyedBy: Key.self).nestedContainer(
                keyedBy: Key.self, forKey: Key(stringValue: "fields"))
            let names = ["title", "description", "deadline", "status", "deleted"]
            for key in names.map(Key.init(stringValue:)) where fields.contains(key) {
                guard try fields.decodeNil(forKey: key) else { continue }
                throw DecodingError.valueNotFound(
                    Any.self,
                    DecodingError.Context(
                        codingPath: fields.codingPath + [key],
                        debugDescription: "a field is set or left out, never null"))
            }
        }
    }
}

/// Reads the plain shape of a push body from its UTF-8 bytes, giving up (throwing) at anything
/// else; see ``PushRequest/readPlain(_:)``.
private struct PlainReader {
    struct NotPlain: Error {}

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    mutating func document() throws -> [ProjectOperation] {
        var operations: [ProjectOperation]?
        try object { reader, key in
            guard key == "operations", operations == nil else { throw NotPlain() }
            operations = try reader.array { try $0.operation() }
        }
        skipSpace()
        guard index == bytes.count, let operations else { throw NotPlain() }
        return operations
    }

    mutating func operation() throws -> ProjectOperation {
        var id: UUID?
        var projectID: UUID?
        var timestamp: HybridTimestamp?
        var fields: ProjectFields?
        try object { reader, key in
            switch key {
            case "id" where id == nil: id = try reader.uuid()
            case "projectId" where projectID == nil: projectID = try reader.uuid()
            case "timestamp" where timestamp == nil: timestamp = try reader.timestamp()
            case "fields" where fields == nil: fields = try reader.fields()
            default: throw NotPlain()
            }
        }
        guard let id, let projectID, let timestamp, let fields else { throw NotPlain() }
        return ProjectOperation(id: id, projectID: projectID, timestamp: timestamp, fields: fields)
    }

    mutating func timestamp() throws -> HybridTimestamp {
        var wallTime: UInt64?
        var counter: UInt64?
        var device: UUID?
        try object { reader, key in
            switch key {
            case "wallTime" where wallTime == nil: wallTime = try reader.integer(maximumDigits: 18)
            case "counter" where counter == nil: counter = try reader.integer(maximumDigits: 10)
            case "device" where device == nil: device = try reader.uuid()
            default: throw NotPlain()
            }
        }
        guard let wallTime, let counter, counter <= UInt64(UInt32.max), let device else { throw NotPlain() }
        // 18 digits at most: below HybridTimestamp.wallTimeLimit (10^18), as its decoder requires.
        return HybridTimestamp(wallTime: Int64(wallTime), counter: UInt32(counter), device: device)
    }

    mutating func fields() throws -> ProjectFields {
        var fields = ProjectFields()
        // A key given twice is left to JSONDecoder.
        try object { reader, key in
            switch key {
            case "title" where fields.title == nil: fields.title = try reader.string()
            case "description" where fields.description == nil: fields.description = try reader.string()
            case "deadline" where fields.deadline == nil:
                guard let deadline = Deadline(iso: try reader.string()) else { throw NotPlain() }
                fields.deadline = deadline
            case "status" where fields.status == nil:
                guard let status = Status(rawValue: try reader.string()) else { throw NotPlain() }
                fields.status = status
            case "deleted" where fields.deleted == nil: fields.deleted = try reader.boolean()
            default: throw NotPlain()
            }
        }
        return fields
    }

    // MARK: JSON

    mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func expect(_ byte: UInt8) throws {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { throw NotPlain() }
        index += 1
    }

    /// The next byte after white space, without taking it.
    mutating func peek() throws -> UInt8 {
        skipSpace()
        guard index < bytes.count else { throw NotPlain() }
        return bytes[index]
    }

    mutating func object(_ member: (inout PlainReader, String) throws -> Void) throws {
        try expect(UInt8(ascii: "{"))
        if try peek() == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            skipSpace()
            let key = try string()
            try expect(UInt8(ascii: ":"))
            skipSpace()
            try member(&self, key)
            switch try peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return
            default: throw NotPlain()
            }
        }
    }

    mutating func array<Element>(_ element: (inout PlainReader) throws -> Element) throws -> [Element] {
        try expect(UInt8(ascii: "["))
        var elements: [Element] = []
        if try peek() == UInt8(ascii: "]") {
            index += 1
            return elements
        }
        while true {
            skipSpace()
            elements.append(try element(&self))
            switch try peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return elements
            default: throw NotPlain()
            }
        }
    }

    mutating func boolean() throws -> Bool {
        if literal("true") { return true }
        if literal("false") { return false }
        throw NotPlain()
    }

    mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    /// An unsigned integer of at most `maximumDigits` digits (at most 19), no leading zero, no
    /// fraction.
    mutating func integer(maximumDigits: Int) throws -> UInt64 {
        let start = index
        var value: UInt64 = 0
        while index < bytes.count, (48...57).contains(bytes[index]) {
            // At most 19 digits fit in UInt64: give up before a longer number overflows it.
            guard index - start < maximumDigits else { throw NotPlain() }
            value = value * 10 + UInt64(bytes[index] - 48)
            index += 1
        }
        let digits = index - start
        guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else {
            throw NotPlain()
        }
        if index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): throw NotPlain()
            default: break
            }
        }
        return value
    }

    /// A UUID string, in the form `UUID(uuidString:)` reads (hex digits of either case).
    mutating func uuid() throws -> UUID {
        guard index + 38 <= bytes.count, bytes[index] == UInt8(ascii: "\""), bytes[index + 37] == UInt8(ascii: "\"")
        else { throw NotPlain() }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var position = index + 1
        try withUnsafeMutableBytes(of: &uuid) { out in
            for offset in 0..<16 {
                if offset == 4 || offset == 6 || offset == 8 || offset == 10 {
                    guard bytes[position] == UInt8(ascii: "-") else { throw NotPlain() }
                    position += 1
                }
                guard let high = Self.hex(bytes[position]), let low = Self.hex(bytes[position + 1]) else {
                    throw NotPlain()
                }
                out[offset] = high << 4 | low
                position += 2
            }
        }
        index += 38
        return UUID(uuid: uuid)
    }

    static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 48...57: byte - 48
        case 97...102: byte - 87
        case 65...70: byte - 55
        default: nil
        }
    }

    /// A string, with its escapes read; raw control characters and invalid UTF-8 give up.
    mutating func string() throws -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw NotPlain() }
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                return try Self.text(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            }
            if byte == UInt8(ascii: "\\") { return try escapedString(from: start) }
            guard byte >= 0x20 else { throw NotPlain() }
            index += 1
        }
        throw NotPlain()
    }

    /// The rest of a string that holds an escape; `start` is its first byte.
    mutating func escapedString(from start: Int) throws -> String {
        var text = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return try text.withUnsafeBufferPointer { try Self.text($0) }
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw NotPlain() }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try codeUnit()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard literal("\\u") else { throw NotPlain() }
                        let low = try codeUnit()
                        guard (0xDC00..<0xE000).contains(low) else { throw NotPlain() }
                        scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw NotPlain() }
                    text.append(contentsOf: String(Character(unicode)).utf8)
                default: throw NotPlain()
                }
            default:
                guard byte >= 0x20 else { throw NotPlain() }
                text.append(byte)
            }
        }
        throw NotPlain()
    }

    /// The four hex digits of a `\u` escape.
    mutating func codeUnit() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw NotPlain() }
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = Self.hex(bytes[index + offset]) else { throw NotPlain() }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    static func text(_ utf8: UnsafeBufferPointer<UInt8>) throws -> String {
        guard let text = String(validating: utf8, as: UTF8.self) else { throw NotPlain() }
        return text
    }
}
