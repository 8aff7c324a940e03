import Foundation
import PMDomain
import PMSyncProtocol
import PMTestSupport
import Testing

/// One property per wire type: a random value, written by its writer, reads back as the same
/// value through its plain reader and through `JSONDecoder` (its Codable form). The web board's
/// test vectors come from these writers, so they are pinned against both readers.
@Suite struct RoundTripPropertyTests {
    static let seeds: [UInt64] = Array(1...40)

    /// `value` written as `bytes` reads back as itself plainly and through `JSONDecoder`.
    func expectRoundTrip<Value: Decodable & Equatable>(
        _ value: Value, _ bytes: [UInt8], plain: (Data) -> Value?
    ) throws {
        try expectRoundTrip(value, bytes, plain: plain) { try JSONDecoder().decode(Value.self, from: $0) }
    }

    /// `value` written as `bytes` reads back as itself through `plain` and through `decoded`.
    func expectRoundTrip<Value: Equatable>(
        _ value: Value, _ bytes: [UInt8], plain: (Data) -> Value?, decoded: (Data) throws -> Value
    ) throws {
        let data = Data(bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(plain(data) == value, "plain reader on \(text)")
        #expect(try decoded(data) == value, "JSONDecoder on \(text)")
    }

    @Test(arguments: seeds)
    func clockReadingsRoundTrip(_ seed: UInt64) throws {
        var values = RandomWireValues(seed: seed)
        for _ in 0..<25 {
            let timestamp = values.timestamp()
            var writer = JSONWriter()
            writer.timestamp(timestamp)
            try expectRoundTrip(timestamp, writer.bytes, plain: { PlainJSONReader.read($0) { try $0.timestamp() } })
        }
    }

    @Test(arguments: seeds)
    func operationsRoundTrip(_ seed: UInt64) throws {
        var values = RandomWireValues(seed: seed)
        for _ in 0..<25 {
            let operation = values.operation()
            try expectRoundTrip(
                operation, Array(operation.storedJSON.utf8), plain: { PlainJSONReader.read($0) { try $0.operation() } })
            #expect(try ProjectOperation.decode(storedJSON: operation.storedJSON) == operation)
        }
    }

    @Test(arguments: seeds)
    func storedMergedStatesRoundTrip(_ seed: UInt64) throws {
        var values = RandomWireValues(seed: seed)
        for _ in 0..<25 {
            let state = values.mergedState()
            let json = MergedProject.json(state)
            try expectRoundTrip(
                state, Array(json.utf8), plain: { PlainJSONReader.read($0) { try $0.mergedState(id: state.id) } },
                decoded: { try JSONDecoder().decode(MergedProject.self, from: $0).state(id: state.id) })
            #expect(try MergedProject.state(id: state.id, json: json) == state)
        }
    }

    @Test(arguments: seeds)
    func snapshotsRoundTrip(_ seed: UInt64) throws {
        var values = RandomWireValues(seed: seed)
        let snapshot = BoardSnapshot(seq: values.count(), projects: values.list(upTo: 12) { $0.card() })
        try expectRoundTrip(snapshot, snapshot.json, plain: BoardSnapshot.readPlain)
    }

    @Test(arguments: seeds)
    func operationPagesRoundTrip(_ seed: UInt64) throws {
        var values = RandomWireValues(seed: seed)
        let entries = values.list(upTo: 12) { OperationPage.Entry(seq: $0.count(), operation: $0.operation()) }
        let page = OperationPage(operations: entries, next: values.count(), head: values.count())
        try expectRoundTrip(page, page.json, plain: OperationPage.readPlain)
    }

    @Test(arguments: seeds)
    func operationPagesWithAuthorsRoundTrip(_ seed: UInt64) throws {
        // Authors are user names, but the writer must escape whatever text it is given.
        var values = RandomWireValues(seed: seed)
        let entries = values.list(upTo: 12) {
            OperationPage.Entry(
                seq: $0.count(), operation: $0.operation(), author: $0.count() % 3 == 0 ? nil : $0.text())
        }
        let page = OperationPage(operations: entries, next: values.count(), head: values.count())
        try expectRoundTrip(page, page.json, plain: OperationPage.readPlain)
    }

    @Test(arguments: seeds)
    func pushRequestsRoundTrip(_ seed: UInt64) throws {
        var values = RandomWireValues(seed: seed)
        let request = PushRequest(operations: values.list(upTo: 12) { $0.operation() })
        try expectRoundTrip(request, request.json, plain: PushRequest.readPlain)
    }

    @Test(arguments: seeds)
    func pushResponsesRoundTrip(_ seed: UInt64) throws {
        var values = RandomWireValues(seed: seed)
        let response = PushResponse(
            results: values.list(upTo: 12) { PushResponse.Result(id: $0.uuid(), seq: $0.count()) })
        try expectRoundTrip(response, response.json, plain: PushResponse.readPlain)
    }

    @Test func theGeneratorReachesTheEdgesOfTheFormat() {
        // Without these, the properties above would pass on tame values.
        var values = RandomWireValues(seed: 7)
        let texts = (0..<400).map { _ in values.text() }.joined()
        let scalars = texts.unicodeScalars.map(\.value)
        #expect(scalars.contains { $0 < 0x20 })
        #expect(scalars.contains { (0xAC00...0xD7A3).contains($0) })
        #expect(scalars.contains { $0 >= 0x1F300 })
        #expect(scalars.contains(0x22) && scalars.contains(0x5C))
        let stamps = (0..<400).map { _ in values.timestamp() }
        #expect(
            stamps.contains {
                $0.wallTime == HybridTimestamp.wallTimeLimit - 1 || $0.wallTime == 999_999_999_999_999_999
            })
        #expect(stamps.contains { $0.counter == .max } && stamps.contains { $0.wallTime == 0 })
    }
}
