public import Foundation
import PMDomain

/// The snapshot on the wire, `{"seq":N,"projects":[{…,"clocks":{…}}]}`: its plain reader and
/// its writer (its Codable form is on ``BoardSnapshot`` itself). A board of tens of thousands of
/// cards is what a new device waits for, so both go byte by byte.
extension BoardSnapshot: PlainJSONDecodable {
    /// `{"seq":N,"projects":[{…,"clocks":{…}}]}`, each key once.
    public static func readPlain(_ data: Data) -> BoardSnapshot? {
        PlainJSONReader.read(data) { reader in
            var seq: Int64?
            var projects: [Card]?
            try reader.object { reader, key in
                switch key {
                case "seq" where seq == nil: seq = try reader.int64()
                case "projects" where projects == nil:
                    // About 530 bytes a card: room for them all at once.
                    projects = try reader.array(capacity: data.count / 512) { try $0.card() }
                default: throw PlainJSONReader.NotPlain()
                }
            }
            guard let seq, let projects else { throw PlainJSONReader.NotPlain() }
            return BoardSnapshot(seq: seq, projects: projects)
        }
    }

    /// `[{…},{…}]`, a page of cards as ``SnapshotStream`` gathers them.
    public static func readPlainCards(_ bytes: some ContiguousBytes) -> [Card]? {
        PlainJSONReader.read(bytes) { reader in try reader.array(capacity: SnapshotStream.pageSize) { try $0.card() } }
    }

    /// The snapshot as the server answers it, written by ``JSONWriter``.
    public var json: [UInt8] { JSONWriter.snapshot(self) }
}

extension PlainJSONReader {
    mutating func card() throws -> BoardSnapshot.Card {
        var id: UUID?
        var title: String?
        var description: String?
        var deadline: Deadline?
        var status: Status?
        var createdAt: Int64?
        var updatedAt: Int64?
        var clocks: BoardSnapshot.Card.Clocks?
        try object { reader, key in
            switch key {
            case "id" where id == nil: id = try reader.uuid()
            case "title" where title == nil: title = try reader.string()
            case "description" where description == nil: description = try reader.string()
            case "deadline" where deadline == nil: deadline = try reader.deadline()
            case "status" where status == nil: status = try reader.status()
            case "createdAt" where createdAt == nil: createdAt = try reader.int64()
            case "updatedAt" where updatedAt == nil: updatedAt = try reader.int64()
            case "clocks" where clocks == nil: clocks = try reader.cardClocks()
            default: throw NotPlain()
            }
        }
        guard let id, let title, let description, let deadline, let status, let createdAt, let updatedAt, let clocks
        else { throw NotPlain() }
        return BoardSnapshot.Card(
            id: id, title: title, description: description, deadline: deadline, status: status,
            createdAt: createdAt, updatedAt: updatedAt, clocks: clocks)
    }

    mutating func cardClocks() throws -> BoardSnapshot.Card.Clocks {
        var title: HybridTimestamp?
        var description: HybridTimestamp?
        var deadline: HybridTimestamp?
        var status: HybridTimestamp?
        try object { reader, key in
            switch key {
            case "title" where title == nil: title = try reader.timestamp()
            case "description" where description == nil: description = try reader.timestamp()
            case "deadline" where deadline == nil: deadline = try reader.timestamp()
            case "status" where status == nil: status = try reader.timestamp()
            default: throw NotPlain()
            }
        }
        guard let title else { throw NotPlain() }
        return BoardSnapshot.Card.Clocks(title: title, description: description, deadline: deadline, status: status)
    }
}

extension JSONWriter {
    /// The snapshot answer, `{"seq":N,"projects":[{…,"clocks":{…}}]}`, written directly.
    public static func snapshot(_ snapshot: BoardSnapshot) -> [UInt8] {
        snapshotOpening(seq: snapshot.seq) + snapshotCards(snapshot.projects, following: false) + snapshotClosing
    }

    /// The start of a snapshot answer written in parts, up to the opening of its cards:
    /// `{"seq":N,"projects":[`. The cards follow in ``snapshotCards(_:following:)`` and
    /// ``snapshotClosing`` ends it, so a server can send the head before it reads a card.
    public static func snapshotOpening(seq: Int64) -> [UInt8] {
        var writer = JSONWriter(capacity: 48)
        writer.raw(#"{"seq":"#)
        writer.integer(seq)
        writer.raw(#","projects":["#)
        return writer.bytes
    }

    /// `cards` as one part of a snapshot answer's card list; `following` says that cards were
    /// written before them, so they start with a comma.
    public static func snapshotCards(_ cards: some Collection<BoardSnapshot.Card>, following: Bool) -> [UInt8] {
        var writer = JSONWriter(capacity: 16 + cards.count * 512)
        for (index, card) in cards.enumerated() {
            if index > 0 || following { writer.byte(UInt8(ascii: ",")) }
            writer.card(card)
        }
        return writer.bytes
    }

    /// The end of a snapshot answer written in parts.
    public static let snapshotClosing: [UInt8] = Array("]}".utf8)

    mutating func card(_ card: BoardSnapshot.Card) {
        raw(#"{"id":"#)
        uuid(card.id)
        raw(#","title":"#)
        string(card.title)
        raw(#","description":"#)
        string(card.description)
        raw(#","deadline":"#)
        string(card.deadline.description)
        raw(#","status":"#)
        string(card.status.rawValue)
        raw(#","createdAt":"#)
        integer(card.createdAt)
        raw(#","updatedAt":"#)
        integer(card.updatedAt)
        raw(#","clocks":{"title":"#)
        timestamp(card.clocks.title)
        for (name, clock) in [
            (#","description":"# as StaticString, card.clocks.description), (#","deadline":"#, card.clocks.deadline),
            (#","status":"#, card.clocks.status),
        ] {
            guard let clock else { continue }
            raw(name)
            timestamp(clock)
        }
        raw("}}")
    }
}
