import Foundation
import PMSyncProtocol
import Testing

/// A snapshot answer read part by part as it arrives gives exactly what reading it whole gives,
/// wherever the parts are cut.
struct SnapshotStreamTests {
    /// Reads `bytes` in parts of `size` bytes.
    static func streamed(_ bytes: [UInt8], parts size: Int) throws -> BoardSnapshot {
        var stream = SnapshotStream()
        for start in stride(from: 0, to: bytes.count, by: size) {
            try bytes[start..<min(start + size, bytes.count)].withUnsafeBytes { try stream.read($0) }
        }
        return try stream.finish()
    }

    @Test(arguments: [1, 7, 4096, 1 << 20])
    func givenTheServersAnswerCutIntoPartsThenTheCardsAreThoseOfTheWholeAnswer(size: Int) throws {
        // Given a snapshot of 2,345 cards (three pages) whose texts hold Korean, quotes,
        // backslashes, braces, brackets and commas, as the server writes it
        var values = RandomWireValues(seed: 26)
        let cards = (0..<2345).map { index in
            var card = values.card()
            if index.isMultiple(of: 3) { card.title = "회의 {\"준비\"}, [끝]\\" + card.title }
            return card
        }
        let snapshot = BoardSnapshot(seq: 99_999, projects: cards)

        // When it is read in parts
        let read = try Self.streamed(snapshot.json, parts: size)

        // Then it is the snapshot, cards in the answer's order
        #expect(read == snapshot)
    }

    @Test func givenAnotherServersLayoutThenItIsReadAsJSONDecoderReadsIt() throws {
        // Given the keys the other way round, spaces between everything, and an empty board too
        var values = RandomWireValues(seed: 7)
        let cards = (0..<3).map { _ in values.card() }
        let encoded = try cards.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        let answer = "{ \"projects\" : [ \(encoded.joined(separator: " ,\n ")) ] ,\n \"seq\" : 12 }"
        let empty = #"{"seq":0,"projects":[]}"#

        // When each is read in parts of three bytes
        let read = try Self.streamed(Array(answer.utf8), parts: 3)
        let readEmpty = try Self.streamed(Array(empty.utf8), parts: 3)

        // Then each is what JSONDecoder makes of the whole
        #expect(read == (try JSONDecoder().decode(BoardSnapshot.self, from: Data(answer.utf8))))
        #expect(read.projects == cards)
        #expect(readEmpty == BoardSnapshot(seq: 0, projects: []))
    }

    @Test func givenTheHeadBeforeTheCardsThenEachPageCanBeTakenWhileTheRestIsStillToCome() throws {
        // Given a snapshot of 2,500 cards as the server writes it, its head first
        var values = RandomWireValues(seed: 11)
        let cards = (0..<2500).map { _ in values.card() }
        let bytes = BoardSnapshot(seq: 4_242, projects: cards).json

        // When it is read a kilobyte at a time, the decoded cards taken after every part
        var stream = SnapshotStream()
        var taken: [[BoardSnapshot.Card]] = []
        var seqAfterTheFirstPart: Int64?
        for start in stride(from: 0, to: bytes.count, by: 1024) {
            try bytes[start..<min(start + 1024, bytes.count)].withUnsafeBytes { try stream.read($0) }
            if start == 0 { seqAfterTheFirstPart = stream.seq }
            let page = stream.takeCards()
            if !page.isEmpty { taken.append(page) }
        }
        let rest = try stream.finish()

        // Then the sequence number is known from the first part, two full pages came out while
        // the answer was still arriving, and the last one at its end: every card once, in order
        #expect(seqAfterTheFirstPart == 4_242)
        #expect(taken.map(\.count) == [1000, 1000])
        #expect(rest.seq == 4_242)
        #expect(taken.flatMap(\.self) + rest.projects == cards)
    }

    @Test func givenTheHeadAfterTheCardsThenNoSequenceNumberIsKnownUntilTheEnd() throws {
        let answer = #"{"projects":[],"seq":12}"#
        var stream = SnapshotStream()
        try Array(answer.utf8)[..<20].withUnsafeBytes { try stream.read($0) }
        #expect(stream.seq == nil)
    }

    @Test(arguments: [
        #"{"seq":3,"projects":[{"id":"x"}]}"#,  // not a card
        #"{"seq":3,"projects":["#,  // cut short
        #"{"projects":[]}"#,  // no head
        "<html>",  // not JSON at all
    ])
    func givenAnAnswerThatIsNotASnapshotThenReadingItFails(answer: String) {
        #expect(throws: (any Error).self) { try Self.streamed(Array(answer.utf8), parts: 5) }
    }
}
