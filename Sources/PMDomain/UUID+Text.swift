public import Foundation

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

    /// The UUID in `text`, in the form `UUID(uuidString:)` reads, read as the bytes are: lists
    /// read every card's id from the database, and `sscanf` was a tenth of `pm list`.
    public init?(text: String) {
        var text = text
        guard let uuid = text.withUTF8({ UUID(text: $0) }) else { return nil }
        self = uuid
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

extension Sequence<UInt8> {
    /// The bytes as lowercase hex, two digits each: tokens, keys, session ids and entity tags
    /// are written this way.
    public var lowercaseHex: String {
        var text: [UInt8] = []
        text.reserveCapacity(underestimatedCount * 2)
        for byte in self {
            text.append(hexDigits[Int(byte >> 4)])
            text.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

private let hexDigits = Array("0123456789abcdef".utf8)
