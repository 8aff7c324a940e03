import Foundation
import PMDomain
import PMServer
import PMSyncProtocol
import PMTestSupport
import Testing

/// Pages as a backend stores them (each operation as its JSON text), written into the pull
/// answer as they are and read back.
@Suite struct StoredOperationPageTests {
    @Test func pullAnswerWrittenDirectlyEqualsTheEncodedPage() throws {
        let entries = WireSamples.operations.enumerated().map {
            OperationPage.Entry(seq: Int64($0.offset + 41), operation: $0.element)
        }
        for page in [
            OperationPage(operations: entries, next: entries.last!.seq, head: 9000),
            OperationPage(operations: [], next: 7, head: 7),
        ] {
            let direct = StoredOperationPage(page).json()
            #expect(try JSONDecoder().decode(OperationPage.self, from: Data(direct)) == page)
            #expect(try WireSamples.shape(direct) == WireSamples.shape(try WireSamples.encoded(page)))
        }
    }

    @Test func rowsStoredByJSONEncoderAreCopiedAsTheyAre() throws {
        // Rows written before the direct writer hold JSONEncoder's text (slashes escaped).
        let encoder = JSONEncoder()
        let rows = try WireSamples.operations.enumerated().map {
            StoredOperationPage.Entry(
                seq: Int64($0.offset + 1), body: String(decoding: try encoder.encode($0.element), as: UTF8.self))
        }
        let stored = StoredOperationPage(operations: rows, after: 0, head: 50)
        let page = try JSONDecoder().decode(OperationPage.self, from: Data(stored.json()))
        #expect(page.operations.map(\.operation) == WireSamples.operations)
        #expect(page.next == Int64(rows.count) && page.head == 50)
        #expect(try stored.decoded() == page)
    }

    @Test func emptyStoredPageKeepsTheCursor() throws {
        let page = StoredOperationPage(operations: [], after: 12, head: 30)
        #expect(page.next == 12)
        #expect(
            try WireSamples.shape(page.json())
                == WireSamples.shape(Data(#"{"operations":[],"next":12,"head":30}"#.utf8)))
    }

    @Test func aPageTheServerWritesIsReadPlainlyAsJSONDecoderReadsIt() throws {
        let entries = WireSamples.operations.enumerated().map {
            OperationPage.Entry(seq: Int64($0.offset + 41), operation: $0.element)
        }
        for page in [
            OperationPage(operations: entries, next: entries.last!.seq, head: 9000),
            OperationPage(operations: [], next: 7, head: 7),
        ] {
            let direct = Data(StoredOperationPage(page).json())
            let plain = try #require(OperationPage.readPlain(direct))
            #expect(plain == page)
            #expect(plain == (try JSONDecoder().decode(OperationPage.self, from: direct)))
        }
    }
}
