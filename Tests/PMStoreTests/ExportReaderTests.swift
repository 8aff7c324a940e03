import Foundation
import PMDomain
import PMTestSupport
import Testing

@testable import PMStore

@Suite struct ExportReaderTests {
    let world = TestWorld(day: "2026-11-21")

    func decoded(_ data: Data) throws -> [ProjectOperation] {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(ImportDocument.self, from: data).operations
    }

    @Test func readsWhatExportWritesExactlyAsJSONDecoderDoes() throws {
        let database = try AppDatabase.inMemory(environment: world.environment)
        let today = world.environment.today
        for (title, description) in [
            ("한글 제목", "첫 줄\n둘째 줄 \"따옴표\" \\ 끝"), ("👩‍💻 emoji", "tab\there"), ("Plain", ""),
        ] {
            let id = try #require(
                try database.add(
                    try ProjectInput(title: title, deadline: "+3d", description: description).newProject(today: today)
                ).project?.id)
            _ = try database.move(id, to: .doing)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(try database.export())

        let read = try #require(ExportReader.operations(in: data))

        #expect(read == (try decoded(data)))
        #expect(read.count == 6)
    }

    @Test func unicodeEscapesAndSurrogatePairsAreDecoded() throws {
        let json = """
            {"format":"projectmanager-export","version":1,"operations":[{"id":"00000000-0000-4000-8000-000000000001",
            "projectId":"00000000-0000-4000-8000-000000000002","timestamp":{"wallTime":5,"counter":0,
            "device":"00000000-0000-4000-8000-000000000003"},"fields":{"title":"\\ud55c\\uae00 \\ud83d\\udc69",
            "description":null,"deleted":false}}]}
            """
        let data = Data(json.utf8)

        let read = try #require(ExportReader.operations(in: data))

        #expect(read.first?.fields.title == "한글 👩")
        #expect(read.first?.fields.description == nil)
        #expect(read == (try decoded(data)))
    }

    @Test(arguments: [
        #"{"format":"projectmanager-export","version":2,"operations":[]}"#,
        #"{"format":"other","version":1,"operations":[]}"#,
        #"{"format":"projectmanager-export","version":1.0,"operations":[]}"#,
        #"{"format":"projectmanager-export","version":1,"operations":[{"id":"x"}]}"#,
        #"{"format":"projectmanager-export","version":1,"operations":[]} trailing"#,
        #"[1, 2, 3]"#,
    ])
    func anythingButTheExactShapeIsLeftToJSONDecoder(_ json: String) {
        #expect(ExportReader.operations(in: Data(json.utf8)) == nil)
    }

    @Test func aFileJSONDecoderCannotReadEitherIsRefusedWithItsReason() {
        let data = Data(#"{"format":"projectmanager-export","version":1,"operations":[{"id":"x"}]}"#.utf8)

        #expect(throws: DecodingError.self) { try ImportDocument.read(from: data) }
    }
}
