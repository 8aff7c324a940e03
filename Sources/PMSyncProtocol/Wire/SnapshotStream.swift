import Foundation

/// A snapshot answer read as it arrives rather than once it is whole: each card is decoded, a page
/// at a time, as soon as its bytes are in, and its bytes are dropped, so a device joining a board
/// of a million cards (some 600 MB of answer) holds the cards, not the answer too, and decodes
/// while the rest is still on its way.
///
/// Any JSON object with `"seq"` and `"projects"` is read, in either order and with other keys or
/// spaces between; only the cards inside `"projects"` are taken out early, and the rest (a few
/// bytes) is decoded at the end.
public struct SnapshotStream: Sendable {
    /// How many cards are decoded together.
    static let pageSize = 1000

    /// The cards decoded so far and not yet taken.
    public private(set) var cards: [BoardSnapshot.Card] = []
    /// The sequence number the cards reflect, once read: a server that writes it before the
    /// cards (as `pm-server` does) lets a device store each page as it arrives.
    public private(set) var seq: Int64?
    /// The answer without its cards: `{"seq":N,"projects":[]}`.
    private var rest: [UInt8] = []
    /// The cards read but not yet decoded, as a JSON array's inside: `{…},{…}`.
    private var page: [UInt8] = []
    private var pageCount = 0
    /// How deep the reader is: 1 inside the answer's object, 2 inside one of its values.
    private var depth = 0
    private var inString = false
    private var escaped = false
    /// The last string ended at depth 1: the key of the value that follows it.
    private var lastTopString: [UInt8] = []
    private var stringStart: Int?
    /// Whether the reader is inside the array of `"projects"`.
    private var inCards = false

    public init() {}

    /// Reads the next part of the answer. Throws when a page of cards is not valid. (Raw bytes,
    /// not a generic collection: a generic one would not be specialized across modules, and a
    /// call per byte of a large answer would cost seconds.)
    public mutating func read(_ bytes: UnsafeRawBufferPointer) throws {
        for byte in bytes { try read(byte) }
    }

    /// The cards decoded so far, no longer kept here.
    public mutating func takeCards() -> [BoardSnapshot.Card] {
        defer { cards.removeAll() }
        return cards
    }

    /// The snapshot, once every part was read, with the cards not yet taken. Throws when the
    /// answer is not one.
    public mutating func finish() throws -> BoardSnapshot {
        try decodePage()
        let head = try JSONDecoder().decode(Head.self, from: Data(rest))
        guard head.projects.isEmpty else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "cards outside \"projects\""))
        }
        return BoardSnapshot(seq: head.seq, projects: cards)
    }

    private mutating func read(_ byte: UInt8) throws {
        if inString {
            keep(byte)
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
                if depth == 1, let start = stringStart { lastTopString = Array(rest[start...]) }
            }
            return
        }
        switch byte {
        case UInt8(ascii: "\""):
            inString = true
            stringStart = depth == 1 ? rest.count : nil
            keep(byte)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            if depth == 1, byte == UInt8(ascii: "["), lastTopString == Self.projectsKey {
                inCards = true
                rest.append(byte)
                seq = Self.seq(before: rest)
            } else {
                keep(byte)
            }
            depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth -= 1
            if inCards, depth == 1 {
                inCards = false
                rest.append(byte)
            } else {
                keep(byte)
                if inCards, depth == 2 {
                    pageCount += 1
                    if pageCount == Self.pageSize { try decodePage() }
                }
            }
        case UInt8(ascii: ","):
            // Between two cards the comma is the page's own, written when the next card starts.
            if !(inCards && depth == 2) { keep(byte) }
        default:
            keep(byte)
        }
    }

    /// `byte` into the page when it is part of a card, else into the rest. Spaces between cards
    /// are dropped.
    private mutating func keep(_ byte: UInt8) {
        guard inCards else {
            rest.append(byte)
            return
        }
        if depth == 2 && !inString {
            guard byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") else { return }
            if byte == UInt8(ascii: "{"), !page.isEmpty { page.append(UInt8(ascii: ",")) }
        }
        page.append(byte)
    }

    private mutating func decodePage() throws {
        guard pageCount > 0 else { return }
        let data = Data([UInt8(ascii: "[")] + page + [UInt8(ascii: "]")])
        cards += try BoardSnapshot.readPlainCards(data) ?? JSONDecoder().decode([BoardSnapshot.Card].self, from: data)
        page.removeAll(keepingCapacity: true)
        pageCount = 0
    }

    private static let projectsKey = Array(#""projects""#.utf8)

    /// The `"seq"` of an answer whose opening up to its cards is `opening`, if it came first.
    private static func seq(before opening: [UInt8]) -> Int64? {
        (try? JSONDecoder().decode(Head.self, from: Data(opening + Array("]}".utf8))))?.seq
    }

    /// The answer around its cards.
    private struct Head: Decodable {
        var seq: Int64
        var projects: [BoardSnapshot.Card]
    }
}
