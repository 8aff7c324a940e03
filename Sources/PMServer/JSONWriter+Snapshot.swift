import PMDomain
public import PMSyncProtocol

extension JSONWriter {
    /// The snapshot answer, `{"seq":N,"projects":[{…,"clocks":{…}}]}`, written directly: a
    /// board of tens of thousands of cards is what a new device waits for.
    public static func snapshot(_ snapshot: BoardSnapshot) -> [UInt8] {
        var writer = JSONWriter(capacity: 64 + snapshot.projects.count * 512)
        writer.raw(#"{"seq":"#)
        writer.integer(snapshot.seq)
        writer.raw(#","projects":["#)
        for (index, card) in snapshot.projects.enumerated() {
            if index > 0 { writer.byte(UInt8(ascii: ",")) }
            writer.card(card)
        }
        writer.raw("]}")
        return writer.bytes
    }

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
