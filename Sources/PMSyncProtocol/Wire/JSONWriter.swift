public import Foundation

/// Writes JSON byte by byte: the primitives every wire type's writer (`X+Wire.swift`) is built
/// from. `JSONEncoder` spends most of its time in its generic containers; our shapes are fixed,
/// so they are written directly. Strings are escaped as JSON requires (`"`, `\` and the control
/// characters); everything else, Korean or emoji included, is copied as UTF-8.
public struct JSONWriter {
    /// The JSON written so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty writer with room for `capacity` bytes.
    public init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// The JSON written so far, as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func byte(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// `text` as a JSON string.
    public mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                start = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                default:
                    raw("u00")
                    bytes.append(hexDigit(byte >> 4))
                    bytes.append(hexDigit(byte & 0x0F))
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// An integer in decimal.
    public mutating func integer(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var rest = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    /// A UUID as a lowercase JSON string, as every wire type writes ids.
    public mutating func uuid(_ id: UUID) {
        bytes.append(UInt8(ascii: "\""))
        withUnsafeBytes(of: id.uuid) { raw in
            for offset in 0..<16 {
                if offset == 4 || offset == 6 || offset == 8 || offset == 10 { bytes.append(UInt8(ascii: "-")) }
                let byte = raw[offset]
                bytes.append(hexDigit(byte >> 4))
                bytes.append(hexDigit(byte & 0x0F))
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `true` or `false`.
    mutating func boolean(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    /// `"name":`, after a comma unless it is the object's first key.
    mutating func key(_ name: StaticString, first: inout Bool) {
        if !first { byte(UInt8(ascii: ",")) }
        first = false
        raw(name)
    }

    /// `items` as a JSON array, each written by `element`.
    mutating func array<Items: Collection>(_ items: Items, _ element: (inout JSONWriter, Items.Element) -> Void) {
        byte(UInt8(ascii: "["))
        var first = true
        for item in items {
            if !first { byte(UInt8(ascii: ",")) }
            first = false
            element(&self, item)
        }
        byte(UInt8(ascii: "]"))
    }
}

/// The lowercase hex digit of `value` (0–15).
private func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
}
