import Foundation
import PMDomain

/// Reads the operations of an export straight from its UTF-8 bytes. `JSONDecoder` spends most
/// of a large import in its generic containers; this reader knows the one shape `pm export`
/// writes and gives up (returning `nil`) at anything else, so that `JSONDecoder` can read the
/// file instead, or explain what is wrong with it.
struct ExportReader {
    private struct Unreadable: Error {}

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    /// The operations of `data`, or `nil` when it is not in the exact shape `pm export` writes.
    static func operations(in data: Data) -> [ProjectOperation]? {
        data.withUnsafeBytes { raw in
            var reader = ExportReader(bytes: raw.bindMemory(to: UInt8.self))
            return try? reader.document()
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private mutating func document() throws -> [ProjectOperation] {
        var format: String?
        var version: Int64?
        var operations: [ProjectOperation]?
        try object { reader, key in
            switch key {
            case "format": format = try reader.string()
            case "version": version = try reader.integer()
            case "operations": operations = try reader.array { try $0.operation() }
            default: try reader.skipValue()
            }
        }
        skipSpace()
        guard index == bytes.count, format == ExportDocument.formatName, version == 1, let operations else {
            throw Unreadable()
        }
        return operations
    }

    private mutating func operation() throws -> ProjectOperation {
        var id: UUID?
        var projectID: UUID?
        var timestamp: HybridTimestamp?
        var fields = ProjectFields()
        try object { reader, key in
            switch key {
            case "id": id = UUID(uuidString: try reader.string())
            case "projectId": projectID = UUID(uuidString: try reader.string())
            case "timestamp": timestamp = try reader.timestamp()
            case "fields": fields = try reader.fields()
            default: throw Unreadable()
            }
        }
        guard let id, let projectID, let timestamp else { throw Unreadable() }
        return ProjectOperation(id: id, projectID: projectID, timestamp: timestamp, fields: fields)
    }

    private mutating func timestamp() throws -> HybridTimestamp {
        var wallTime: Int64?
        var counter: Int64?
        var device: UUID?
        try object { reader, key in
            switch key {
            case "wallTime": wallTime = try reader.integer()
            case "counter": counter = try reader.integer()
            case "device": device = UUID(uuidString: try reader.string())
            default: throw Unreadable()
            }
        }
        guard let wallTime, (0..<HybridTimestamp.wallTimeLimit).contains(wallTime), let counter,
            let counter = UInt32(exactly: counter), let device
        else { throw Unreadable() }
        return HybridTimestamp(wallTime: wallTime, counter: counter, device: device)
    }

    private mutating func fields() throws -> ProjectFields {
        var fields = ProjectFields()
        try object { reader, key in
            if reader.null() { return }
            switch key {
            case "title": fields.title = try reader.string()
            case "description": fields.description = try reader.string()
            case "deadline":
                guard let deadline = Deadline(iso: try reader.string()) else { throw Unreadable() }
                fields.deadline = deadline
            case "status":
                guard let status = Status(rawValue: try reader.string()) else { throw Unreadable() }
                fields.status = status
            case "deleted": fields.deleted = try reader.boolean()
            default: throw Unreadable()
            }
        }
        return fields
    }

    // MARK: JSON

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    private mutating func expect(_ byte: UInt8) throws {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { throw Unreadable() }
        index += 1
    }

    private mutating func peek(_ byte: UInt8) -> Bool {
        skipSpace()
        return index < bytes.count && bytes[index] == byte
    }

    private mutating func object(_ member: (inout ExportReader, String) throws -> Void) throws {
        try expect(UInt8(ascii: "{"))
        if peek(UInt8(ascii: "}")) {
            index += 1
            return
        }
        repeat {
            let key = try string()
            try expect(UInt8(ascii: ":"))
            try member(&self, key)
        } while try separator(closing: UInt8(ascii: "}"))
    }

    private mutating func array<T>(_ element: (inout ExportReader) throws -> T) throws -> [T] {
        try expect(UInt8(ascii: "["))
        var result: [T] = []
        if peek(UInt8(ascii: "]")) {
            index += 1
            return result
        }
        repeat {
            result.append(try element(&self))
        } while try separator(closing: UInt8(ascii: "]"))
        return result
    }

    /// Consumes `,` (more follows) or the closing bracket (done).
    private mutating func separator(closing: UInt8) throws -> Bool {
        skipSpace()
        guard index < bytes.count else { throw Unreadable() }
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: ",") { return true }
        if byte == closing { return false }
        throw Unreadable()
    }

    private mutating func string() throws -> String {
        try expect(UInt8(ascii: "\""))
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { return try escapedString(from: start) }
            if byte < 0x20 { throw Unreadable() }
            index += 1
        }
        throw Unreadable()
    }

    /// The rest of a string that holds escapes (a description's newlines), from its start.
    private mutating func escapedString(from start: Int) throws -> String {
        var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw Unreadable() }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "u"):
                    var scalar = try hexQuad()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard literal("\\u") else { throw Unreadable() }
                        let low = try hexQuad()
                        guard (0xDC00..<0xE000).contains(low) else { throw Unreadable() }
                        scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
                    }
                    guard let character = Unicode.Scalar(scalar) else { throw Unreadable() }
                    utf8.append(contentsOf: String(character).utf8)
                default: throw Unreadable()
                }
            default:
                if byte < 0x20 { throw Unreadable() }
                utf8.append(byte)
            }
        }
        throw Unreadable()
    }

    private mutating func hexQuad() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw Unreadable() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue else { throw Unreadable() }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func integer() throws -> Int64 {
        skipSpace()
        var value: Int64 = 0
        let start = index
        while index < bytes.count, (48...57).contains(bytes[index]), index - start < 18 {
            value = value * 10 + Int64(bytes[index] - 48)
            index += 1
        }
        guard index > start else { throw Unreadable() }
        // Longer numbers, fractions and exponents are not ours: leave them to JSONDecoder.
        if index < bytes.count, [48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 46, 101, 69].contains(bytes[index]) {
            throw Unreadable()
        }
        return value
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        skipSpace()
        let length = word.utf8CodeUnitCount
        guard index + length <= bytes.count else { return false }
        for offset in 0..<length where bytes[index + offset] != word.utf8Start[offset] {
            return false
        }
        index += length
        return true
    }

    private mutating func null() -> Bool { literal("null") }

    private mutating func boolean() throws -> Bool {
        if literal("true") { return true }
        if literal("false") { return false }
        throw Unreadable()
    }

    private mutating func skipValue() throws {
        skipSpace()
        guard index < bytes.count else { throw Unreadable() }
        switch bytes[index] {
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "{"): try object { reader, _ in try reader.skipValue() }
        case UInt8(ascii: "["): _ = try array { try $0.skipValue() }
        default:
            if null() || literal("true") || literal("false") { return }
            _ = try integer()
        }
    }
}
