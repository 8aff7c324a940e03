public import Foundation
import PMDomain

/// Reads JSON of a known, plain shape straight from its UTF-8 bytes. `JSONDecoder` spends most
/// of a large document (an export, a push, a page of the operation stream, a board snapshot) in
/// its generic containers; a reader written for one shape is many times faster. It gives up
/// (throws ``NotPlain``) at anything outside that shape: integers with a sign, fraction,
/// exponent or leading zero, raw control characters, invalid UTF-8, a key it does not expect.
/// Every caller then hands the document to `JSONDecoder`, which decides and explains, so the
/// reader never has to be complete, only exact on what it accepts.
public struct PlainJSONReader {
    /// The document is not in the plain shape; says nothing about whether it is valid.
    public struct NotPlain: Error {
        /// The reader gives up here.
        public init() {}
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Reads the whole of `data` with `document`: `nil` when it gives up or leaves anything but
    /// white space behind.
    public static func read<Document>(
        _ data: some ContiguousBytes, _ document: (inout PlainJSONReader) throws -> Document
    ) -> Document? {
        data.withUnsafeBytes { raw in
            var reader = PlainJSONReader(bytes: raw.bindMemory(to: UInt8.self))
            guard let result = try? document(&reader) else { return nil }
            reader.skipSpace()
            return reader.index == reader.bytes.count ? result : nil
        }
    }

    // MARK: Structure

    /// An object, calling `member` with each key, the reader standing on its value.
    public mutating func object(_ member: (inout PlainJSONReader, String) throws -> Void) throws {
        try items(opening: UInt8(ascii: "{"), closing: UInt8(ascii: "}")) { reader in
            let key = try reader.string()
            try reader.expect(UInt8(ascii: ":"))
            reader.skipSpace()
            try member(&reader, key)
        }
    }

    /// An array, calling `element` for each value; `capacity` reserves room for the result.
    @inlinable
    public mutating func array<Element>(
        capacity: Int = 0, _ element: (inout PlainJSONReader) throws -> Element
    ) throws -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(capacity)
        try elements { reader in result.append(try element(&reader)) }
        return result
    }

    /// An array, calling `element` for each value.
    public mutating func elements(each element: (inout PlainJSONReader) throws -> Void) throws {
        try items(opening: UInt8(ascii: "["), closing: UInt8(ascii: "]"), element)
    }

    /// The comma-separated items between `opening` and `closing`.
    private mutating func items(
        opening: UInt8, closing: UInt8, _ item: (inout PlainJSONReader) throws -> Void
    ) throws {
        try expect(opening)
        if try peek() == closing {
            index += 1
            return
        }
        while true {
            skipSpace()
            try item(&self)
            switch try peek() {
            case UInt8(ascii: ","): index += 1
            case closing:
                index += 1
                return
            default: throw NotPlain()
            }
        }
    }

    /// Steps over any value this reader can read.
    public mutating func skipValue() throws {
        switch try peek() {
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "{"): try object { reader, _ in try reader.skipValue() }
        case UInt8(ascii: "["): try elements { try $0.skipValue() }
        default:
            if null() || literal("true") || literal("false") { return }
            _ = try integer(maximumDigits: 19)
        }
    }

    // MARK: Values

    /// `null`, taken if it is next.
    public mutating func null() -> Bool {
        skipSpace()
        return literal("null")
    }

    /// `true` or `false`.
    public mutating func boolean() throws -> Bool {
        skipSpace()
        if literal("true") { return true }
        if literal("false") { return false }
        throw NotPlain()
    }

    /// An unsigned integer of at most `maximumDigits` digits (at most 19, which fit in
    /// `UInt64`), without leading zero or fraction.
    public mutating func integer(maximumDigits: Int) throws -> UInt64 {
        skipSpace()
        let start = index
        var value: UInt64 = 0
        while index < bytes.count, (48...57).contains(bytes[index]) {
            guard index - start < min(maximumDigits, 19) else { throw NotPlain() }
            value = value * 10 + UInt64(bytes[index] - 48)
            index += 1
        }
        let digits = index - start
        guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else { throw NotPlain() }
        if index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): throw NotPlain()
            default: break
            }
        }
        return value
    }

    /// A non-negative integer below 10^18: sequence numbers, milliseconds, wall times.
    public mutating func int64() throws -> Int64 {
        Int64(try integer(maximumDigits: 18))
    }

    /// A UUID string, in the form `UUID(uuidString:)` reads (hex digits of either case).
    public mutating func uuid() throws -> UUID {
        skipSpace()
        guard index + 38 <= bytes.count, bytes[index] == UInt8(ascii: "\""), bytes[index + 37] == UInt8(ascii: "\"")
        else { throw NotPlain() }
        guard let uuid = UUID(text: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<(index + 37)])) else {
            throw NotPlain()
        }
        index += 38
        return uuid
    }

    /// A string, with its escapes read.
    public mutating func string() throws -> String {
        skipSpace()
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

    // MARK: Bytes

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

    mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
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
            guard let digit = Self.hexValue(bytes[index + offset]) else { throw NotPlain() }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    static func text(_ utf8: UnsafeBufferPointer<UInt8>) throws -> String {
        guard let text = String(validating: utf8, as: UTF8.self) else { throw NotPlain() }
        return text
    }

    /// The value of one hex digit of either case.
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 48...57: byte - 48
        case 97...102: byte - 87
        case 65...70: byte - 55
        default: nil
        }
    }
}
