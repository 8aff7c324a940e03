import Foundation
import PMDomain
import PMSyncProtocol
import PMTestSupport
import Testing

/// The Codable forms of the wire types, which every plain reader falls back to.
@Suite struct CodableFormTests {
    private let id = UUID(uuidString: "ABCDEF01-2345-4678-9ABC-DEF012345678")!

    @Test func operationEncodesLowercaseIdsAndOnlyTheFieldsItSets() throws {
        let move = ProjectOperation(
            id: id, projectID: id, timestamp: stamp(0),
            fields: ProjectFields(deadline: day("2026-12-01"), status: .doing))

        let json = try jsonObject(move)

        #expect(Set(json.keys) == ["id", "projectId", "timestamp", "fields"])
        #expect(json["id"] as? String == "abcdef01-2345-4678-9abc-def012345678")
        #expect(json["projectId"] as? String == "abcdef01-2345-4678-9abc-def012345678")
        let fields = try #require(json["fields"] as? [String: String])
        #expect(fields == ["deadline": "2026-12-01", "status": "doing"])
    }

    @Test func operationReadsBackWithEveryField() throws {
        let original = operation(
            7, at: stamp(3, counter: 2, device: deviceB),
            ProjectFields(
                title: "배포 준비 🚀", description: "첫 줄\n둘째 줄", deadline: day("2028-02-29"), status: .done, deleted: true))

        let decoded = try JSONDecoder().decode(ProjectOperation.self, from: JSONEncoder().encode(original))

        #expect(decoded == original)
    }

    @Test func operationWithAnImpossibleDeadlineIsRefusedWhenDecoded() {
        let json = """
            {"id":"00000000-0000-4000-8000-000000000001","projectId":"00000000-0000-4000-8000-000000000100",
             "timestamp":{"wallTime":0,"counter":0,"device":"00000000-0000-4000-8000-00000000000a"},
             "fields":{"deadline":"2026-02-30"}}
            """

        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ProjectOperation.self, from: Data(json.utf8)) }
    }

    @Test func readingEncodesAsWallTimeCounterAndLowercaseDevice() throws {
        let device = UUID(uuidString: "ABCDEF01-2345-4678-9ABC-DEF012345678")!
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys

        let json = try encoder.encode(HybridTimestamp(wallTime: 5, counter: 2, device: device))

        #expect(
            String(decoding: json, as: UTF8.self)
                == #"{"counter":2,"device":"abcdef01-2345-4678-9abc-def012345678","wallTime":5}"#)
    }

    @Test func readingWithANegativeWallTimeIsRefusedWhenDecoded() {
        let json = #"{"wallTime":-1,"counter":0,"device":"00000000-0000-4000-8000-00000000000a"}"#

        #expect(throws: DecodingError.self) { try JSONDecoder().decode(HybridTimestamp.self, from: Data(json.utf8)) }
    }
}
