import Foundation
import PMDomain
import PMSyncProtocol
import PMTestSupport
import Testing

/// The JSON written byte by byte (``JSONWriter``) and the push bodies read byte by byte
/// (``PushRequest/readPlain(_:)``) against `JSONEncoder` and `JSONDecoder`.
@Suite struct WriterTests {
    static let texts = WireSamples.texts
    static let operations = WireSamples.operations

    @Test(arguments: texts)
    func stringsAreEscapedAsJSON(_ text: String) throws {
        var writer = JSONWriter()
        writer.string(text)
        #expect(try JSONDecoder().decode(String.self, from: Data(writer.bytes)) == text)
        #expect(try WireSamples.shape(writer.bytes) == WireSamples.shape(try JSONEncoder().encode(text)))
    }

    @Test func integersAreWrittenInDecimal() throws {
        for value: Int64 in [0, 1, 9, 10, -1, -10, 1_763_683_200_000, .max, .min, Int64(UInt32.max)] {
            var writer = JSONWriter()
            writer.integer(value)
            #expect(writer.text == String(value))
        }
    }

    @Test func storedOperationsHaveTheShapeJSONEncoderGives() throws {
        for operation in Self.operations {
            let stored = Data(operation.storedJSON.utf8)
            #expect(try JSONDecoder().decode(ProjectOperation.self, from: stored) == operation)
            #expect(try WireSamples.shape(stored) == WireSamples.shape(try WireSamples.encoded(operation)))
        }
    }

    @Test func pushAnswerWrittenDirectlyEqualsTheEncodedOne() throws {
        let results = Self.operations.enumerated().map {
            PushResponse.Result(id: $0.element.id, seq: Int64($0.offset) * 1000 + 1)
        }
        for response in [PushResponse(results: results), PushResponse(results: [])] {
            let direct = JSONWriter.pushResponse(response.results)
            #expect(try JSONDecoder().decode(PushResponse.self, from: Data(direct)) == response)
            #expect(try WireSamples.shape(direct) == WireSamples.shape(try WireSamples.encoded(response)))
        }
    }

    @Test func snapshotWrittenDirectlyEqualsTheEncodedOne() throws {
        var states: [UUID: ProjectState] = [:]
        for operation in Self.operations {
            states[operation.projectID, default: ProjectState(id: operation.projectID)].apply(operation)
        }
        // A card with only a title: no description, deadline or status clock.
        states[SyncFixtures.uuid(77)] = {
            var state = ProjectState(id: SyncFixtures.uuid(77))
            state.apply(SyncFixtures.operation(77, project: 77))
            return state
        }()
        let snapshot = BoardSnapshot(seq: 42, states: states.values)
        #expect(snapshot.projects.count >= 2)
        for value in [snapshot, BoardSnapshot(seq: 0, projects: [])] {
            let direct = JSONWriter.snapshot(value)
            #expect(try JSONDecoder().decode(BoardSnapshot.self, from: Data(direct)) == value)
            #expect(try WireSamples.shape(direct) == WireSamples.shape(try WireSamples.encoded(value)))
        }
    }

    @Test func mergedStateWrittenDirectlyDecodesAsMergedProject() throws {
        var states: [UUID: ProjectState] = [:]
        for operation in Self.operations {
            states[operation.projectID, default: ProjectState(id: operation.projectID)].apply(operation)
        }
        let untouched = UUID()
        states[untouched] = ProjectState(id: untouched)
        for (id, state) in states {
            let direct = Data(MergedProject.json(state).utf8)
            #expect(
                try JSONDecoder().decode(MergedProject.self, from: direct).state(id: id) == state,
                "\(String(decoding: direct, as: UTF8.self)) against \(state)")
            #expect(try WireSamples.shape(direct) == WireSamples.shape(try WireSamples.encoded(MergedProject(state))))
        }
    }

    // MARK: Reading push bodies

    @Test func plainBodiesAreReadWithoutJSONDecoderAndTheSame() throws {
        let operations = Self.operations
        let bodies: [Data] = [
            try JSONEncoder().encode(PushRequest(operations: operations)),
            try WireSamples.encoded(PushRequest(operations: operations)),
            try JSONEncoder().encode(PushRequest(operations: [])),
            try {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted]
                return try encoder.encode(PushRequest(operations: operations))
            }(),
        ]
        for body in bodies {
            let plain = try #require(PushRequest.readPlain(body))
            #expect(plain == (try JSONDecoder().decode(PushRequest.self, from: body)))
            #expect(try PushRequest.decode(body) == plain)
        }
    }

    static let id = "00000000-0000-0000-0000-000000000001"
    static let device = "00000000-0000-0000-0000-000000de71ce"

    static func body(
        fields: String = #"{"title":"Card"}"#, wallTime: String = "1763683200000", counter: String = "0",
        id: String = "\"\(id)\"", extra: String = ""
    ) -> Data {
        Data(
            """
            {"operations":[{"id":\(id),"projectId":"\(Self.id)","timestamp":{"wallTime":\(wallTime),\
            "counter":\(counter),"device":"\(device)"},"fields":\(fields)\(extra)}]}
            """.utf8)
    }

    /// Bodies at and past the edges of the plain shape: whenever the direct reader takes one,
    /// it reads exactly what JSONDecoder (with the strict null rule) reads.
    static let edgeBodies: [Data] = [
        body(), body(fields: "{}"), body(fields: #"{"title":null}"#), body(fields: #"{"description":null}"#),
        body(fields: #"{"deadline":null}"#), body(fields: #"{"status":null}"#), body(fields: #"{"deleted":null}"#),
        body(fields: #"{"future":null,"title":"x"}"#), body(fields: #"{"title":"a","title":"b"}"#),
        body(fields: #"{"title":"\u00e9\ud83d\ude80\n\"\\\/"}"#), body(fields: #"{"title":"\ud83d"}"#),
        body(fields: #"{"title":"\udc00"}"#), body(fields: #"{"title":"\x"}"#), body(fields: "{\"title\":\"a\u{1}\"}"),
        body(fields: #"{"deadline":"2026-02-30"}"#), body(fields: #"{"deadline":"2026-02-28"}"#),
        body(fields: #"{"status":"DOING"}"#), body(fields: #"{"status":"done"}"#),
        body(fields: #"{"deleted":1}"#), body(fields: #"{"deleted":true}"#), body(fields: #"{"title":5}"#),
        body(fields: #"{"title":"x",}"#), body(fields: "[]"), body(fields: "null"),
        body(wallTime: "1.0"), body(wallTime: "1e3"), body(wallTime: "-1"), body(wallTime: "01"), body(wallTime: "0"),
        body(wallTime: "999999999999999999"), body(wallTime: "1000000000000000000"),
        body(wallTime: "99999999999999999999999"), body(wallTime: "\"1\""), body(wallTime: "null"),
        body(counter: "4294967295"), body(counter: "4294967296"), body(counter: "-0"),
        body(id: "\"00000000-0000-0000-0000-00000000000A\""), body(id: "\"00000000-0000-0000-0000-00000000000g\""),
        body(id: "\"000000000000-0000-0000-0000-00000000\""), body(id: "\"0000000-0000-0000-0000-0000000000001\""),
        body(id: "null"), body(id: "\"\(id)\",\"id\":\"\(id)\""), body(extra: #","extra":1"#),
        Data(#"{"operations":[]}"#.utf8), Data(#" { "operations" : [ ] } "#.utf8), Data(#"{"operations":[]}x"#.utf8),
        Data(#"{"operations":[],"more":1}"#.utf8), Data(#"{}"#.utf8), Data("".utf8), Data("[".utf8),
        Data(#"{"operations":null}"#.utf8), Data(#"{"operations":[1]}"#.utf8),
        Data([0xEF, 0xBB, 0xBF] + Array("{}".utf8)),
        Data(#"{"operations":[{"id":"#.utf8), Data("{\"operations\":[]}\u{0}".utf8),
        Data(
            Array(body(fields: #"{"title":"+"}"#)).split(separator: UInt8(ascii: "+")).joined(separator: [0xC3, 0x28])),
    ]

    @Test(arguments: edgeBodies.indices)
    func directReaderAgreesWithJSONDecoder(_ index: Int) throws {
        let body = Self.edgeBodies[index]
        let slow = try? JSONDecoder().decode(PushRequest.self, from: body)
        if let plain = PushRequest.readPlain(body) {
            #expect(plain == slow, "body \(String(decoding: body, as: UTF8.self))")
        }
        #expect((try? PushRequest.decode(body)) == slow)
    }

    @Test func nullsAreLeftToTheStrictDecoderWhichRefusesThem() throws {
        for name in ["title", "description", "deadline", "status", "deleted"] {
            let body = Self.body(fields: "{\"\(name)\":null}")
            #expect(PushRequest.readPlain(body) == nil)
            #expect(throws: DecodingError.self) { try PushRequest.decode(body) }
        }
        #expect(PushRequest.readPlain(Self.body()) != nil)
    }
}
