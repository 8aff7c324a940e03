/// Turns the bytes read from a terminal into keys, mouse events and pastes.
///
/// Bytes arrive in arbitrary chunks: an escape sequence or a 한글 syllable can be split
/// across two reads, so whatever is incomplete is kept for the next `decode` call. A lone
/// ESC cannot be told apart from the start of a sequence until no more bytes follow; the
/// caller decides when that is (about 25 ms of quiet) and calls `flushPendingEscape()`.
public struct KeyDecoder: Sendable {
    /// What the bytes at the front of the buffer are.
    enum Token: Equatable {
        /// A printable Unicode scalar taking `length` bytes.
        case text(Unicode.Scalar, length: Int)
        /// An event, or nil for bytes that mean nothing to us, taking `length` bytes.
        case event(InputEvent?, length: Int)
        /// The `ESC [200~` that opens a bracketed paste.
        case pasteStart(length: Int)
        /// The start of something that needs more bytes.
        case incomplete
    }

    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    private var pending: [UInt8] = []
    private var isPasting = false

    /// A decoder with nothing pending.
    public init() {}

    /// True when the bytes so far end in an ESC that may or may not start a sequence.
    public var hasPendingEscape: Bool { !isPasting && pending.first == 0x1B }

    /// Decodes `bytes` together with whatever an earlier call left incomplete.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
        pending.append(contentsOf: bytes)
        return drain()
    }

    /// Decides that a pending ESC was the Escape key, since nothing followed it in time,
    /// and decodes any bytes after it as ordinary keys.
    public mutating func flushPendingEscape() -> [InputEvent] {
        guard hasPendingEscape else { return [] }
        pending.removeFirst()
        return [.key(.escape)] + drain()
    }

    private mutating func drain() -> [InputEvent] {
        var events: [InputEvent] = []
        var text = ""
        var index = 0
        scanning: while index < pending.count {
            if isPasting {
                guard let end = Self.find(Self.pasteEnd, in: pending, from: index) else { break }
                events.append(.paste(Self.pasted(pending[index..<end])))
                index = end + Self.pasteEnd.count
                isPasting = false
                continue
            }
            let token = Self.token(at: pending[index...])
            if case .text(let scalar, _) = token {
                text.unicodeScalars.append(scalar)
            } else if !text.isEmpty {
                // Scalars are grouped first so an emoji sequence read at once is one key.
                events += text.map { .key(.character($0)) }
                text = ""
            }
            switch token {
            case .text(_, let length):
                index += length
            case .event(let event, let length):
                if let event { events.append(event) }
                index += length
            case .pasteStart(let length):
                isPasting = true
                index += length
            case .incomplete:
                break scanning
            }
        }
        events += text.map { .key(.character($0)) }
        pending.removeFirst(index)
        return events
    }

    /// Classifies the bytes at the front of `bytes`, which is never empty.
    static func token(at bytes: ArraySlice<UInt8>) -> Token {
        let first = bytes[bytes.startIndex]
        switch first {
        case 0x1B: return escapeToken(bytes)
        case 0x0D, 0x0A: return .event(.key(.enter), length: 1)
        case 0x09: return .event(.key(.tab), length: 1)
        case 0x08, 0x7F: return .event(.key(.backspace), length: 1)
        case 0x00: return .event(.key(.ctrl(" ")), length: 1)
        case 0x01...0x1A: return .event(.key(.ctrl(Character(Unicode.Scalar(first + 0x60)))), length: 1)
        case 0x1C...0x1F: return .event(.key(.ctrl(Character(Unicode.Scalar(first + 0x40)))), length: 1)
        case 0x20...0x7E: return .text(Unicode.Scalar(first), length: 1)
        default: return utf8Token(bytes)
        }
    }

    /// A multi-byte UTF-8 scalar, or the malformed bytes to skip.
    private static func utf8Token(_ bytes: ArraySlice<UInt8>) -> Token {
        let length: Int
        switch bytes[bytes.startIndex] {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .event(nil, length: 1)
        }
        for offset in 1..<min(length, bytes.count)
        where bytes[bytes.startIndex + offset] & 0xC0 != 0x80 {
            return .event(nil, length: offset)
        }
        guard bytes.count >= length else { return .incomplete }
        let encoded = bytes.prefix(length)
        guard let scalar = String(validating: encoded, as: UTF8.self)?.unicodeScalars.first,
            scalar.properties.generalCategory != .control
        else { return .event(nil, length: length) }
        return .text(scalar, length: length)
    }

    /// Pasted bytes as text with every line break as `\n`.
    private static func pasted(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
            .replacingLineBreaks()
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count - start >= needle.count else { return nil }
        for index in start...(haystack.count - needle.count)
        where haystack[index..<index + needle.count].elementsEqual(needle) {
            return index
        }
        return nil
    }
}

extension String {
    fileprivate func replacingLineBreaks() -> String {
        var result = ""
        for character in self {
            // "\r\n" is one Character in Swift, so both forms are caught here.
            if character == "\r\n" || character == "\r" { result.append("\n") } else { result.append(character) }
        }
        return result
    }
}
