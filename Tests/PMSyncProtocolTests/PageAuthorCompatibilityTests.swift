import Foundation
import PMDomain
import PMSyncProtocol
import PMTestSupport
import Testing

/// Pages with authors and clients without them, either way round.
@Suite struct PageAuthorCompatibilityTests {
    /// An entry as a client that knows no authors decodes it.
    struct EntryWithoutAuthor: Decodable, Equatable {
        var seq: Int64
        var operation: ProjectOperation
    }

    /// A page as a client that knows no authors decodes it.
    struct PageWithoutAuthors: Decodable, Equatable {
        var operations: [EntryWithoutAuthor]
        var next: Int64
        var head: Int64
    }

    static let operations = WireSamples.operations

    @Test func givenAPageWithAuthors_whenAnOldClientReadsIt_thenTheAuthorKeyIsIgnored() throws {
        let page = OperationPage(
            operations: Self.operations.enumerated().map {
                OperationPage.Entry(seq: Int64($0.offset + 1), operation: $0.element, author: "ada")
            },
            next: Int64(Self.operations.count), head: 99)
        let old = try JSONDecoder().decode(PageWithoutAuthors.self, from: Data(page.json))
        #expect(old.operations.map(\.operation) == Self.operations)
        #expect(old.operations.map(\.seq) == page.operations.map(\.seq))
        #expect(old.next == page.next && old.head == 99)
    }

    @Test func givenAPageFromAServerWithoutAuthors_whenRead_thenItIsReadPlainlyWithNoAuthor() throws {
        // What a server that records no author writes: the entry has seq and operation only.
        let operation = try #require(Self.operations.first)
        let text = #"{"operations":[{"seq":1,"operation":"# + operation.storedJSON + #"}],"next":1,"head":1"# + "}"
        let expected = OperationPage(operations: [.init(seq: 1, operation: operation)], next: 1, head: 1)
        #expect(OperationPage.readPlain(Data(text.utf8)) == expected)
        #expect(try JSONDecoder().decode(OperationPage.self, from: Data(text.utf8)) == expected)
        #expect(expected.operations[0].author == nil)
    }

    @Test func givenAnUnknownAuthor_whenWritten_thenTheKeyIsLeftOut() throws {
        let operation = try #require(Self.operations.first)
        let page = OperationPage(
            operations: [.init(seq: 1, operation: operation), .init(seq: 2, operation: operation, author: "bob")],
            next: 2, head: 2)
        let text = String(decoding: page.json, as: UTF8.self)
        #expect(text.components(separatedBy: #""author""#).count == 2)
        #expect(text.contains(#"},"author":"bob"}"#))
        // The writer gives the shape JSONEncoder gives, key for key.
        let encoded = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(page)) as? NSDictionary
        let written = try JSONSerialization.jsonObject(with: Data(page.json)) as? NSDictionary
        #expect(encoded == written)
    }
}
