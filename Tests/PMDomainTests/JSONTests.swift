import Foundation
import PMDomain
import PMTestSupport
import Testing

/// The JSON that people and scripts read: `pm list --json`, `pm history --json`, exports.
@Suite struct JSONTests {
    private let id = UUID(uuidString: "ABCDEF01-2345-4678-9ABC-DEF012345678")!

    @Test func projectHasTheDocumentedKeysAndLowercaseId() throws {
        // Given an overdue card in DOING
        let project = Project(
            id: id, title: "스펙 작성 👩‍💻", description: "첫 줄\n둘째 줄", deadline: day("2026-11-20"), status: .doing,
            createdAt: instant("2026-11-01T09:00:00Z"), updatedAt: instant("2026-11-02T10:30:00Z"))

        let json = try jsonObject(ProjectJSON(project, today: today))

        #expect(
            Set(json.keys) == ["id", "title", "description", "deadline", "status", "overdue", "createdAt", "updatedAt"])
        #expect(json["id"] as? String == "abcdef01-2345-4678-9abc-def012345678")
        #expect(json["title"] as? String == "스펙 작성 👩‍💻")
        #expect(json["description"] as? String == "첫 줄\n둘째 줄")
        #expect(json["deadline"] as? String == "2026-11-20")
        #expect(json["status"] as? String == "doing")
        #expect(json["overdue"] as? Bool == true)
        #expect(json["createdAt"] as? String == "2026-11-01T09:00:00Z")
        #expect(json["updatedAt"] as? String == "2026-11-02T10:30:00Z")
    }

    @Test func doneProjectIsNotOverdueInJSON() throws {
        let json = try jsonObject(ProjectJSON(card(1, deadline: "2026-11-01", status: .done), today: today))

        #expect(json["overdue"] as? Bool == false)
    }

    @Test func projectJSONReadsBack() throws {
        let original = ProjectJSON(card(1, "배포 🚀", deadline: "2026-12-24"), today: today)

        let decoded = try JSONDecoder().decode(ProjectJSON.self, from: JSONEncoder().encode(original))

        #expect(decoded == original)
    }

    @Test func historyEntryHasTheDocumentedKeysAndNullFromForANewCard() throws {
        // Given the entry for adding a card on device B
        let add = ProjectOperation(
            id: .counted(1), projectID: id, timestamp: stamp(0, device: deviceB), fields: added("Write spec"))
        let entry = try #require(HistoryEntry(operation: add, before: ProjectState(id: id)))

        let json = try jsonObject(HistoryEntryJSON(entry))

        #expect(Set(json.keys) == ["at", "action", "projectId", "title", "device", "changes"])
        #expect(json["at"] as? String == "2026-11-21T12:00:00Z")
        #expect(json["action"] as? String == "added")
        #expect(json["projectId"] as? String == "abcdef01-2345-4678-9abc-def012345678")
        #expect(json["title"] as? String == "Write spec")
        #expect(json["device"] as? String == "00000000-0000-4000-8000-00000000000b")
        let changes = try #require(json["changes"] as? [String: [String: Any]])
        #expect(Set(changes.keys) == ["title", "description", "deadline", "status"])
        #expect(changes["title"]?["from"] is NSNull)
        #expect(changes["title"]?["to"] as? String == "Write spec")
        #expect(changes["deadline"]?["to"] as? String == "2026-12-01")
    }

    @Test func movedEntryShowsTheListsInJSON() throws {
        let add = operation(1, at: stamp(0), added("Write spec"))
        let move = operation(2, at: stamp(5), ProjectFields(status: .done))
        let entry = try #require(History.entries(for: [add, move]).first)

        let json = try jsonObject(HistoryEntryJSON(entry))

        #expect(json["action"] as? String == "moved")
        let changes = try #require(json["changes"] as? [String: [String: String]])
        #expect(changes == ["status": ["from": "todo", "to": "done"]])
    }

    @Test func historyEntryJSONReadsBack() throws {
        let entries = History.entries(for: [operation(1, at: stamp(0), added("스펙"))])
        let original = HistoryEntryJSON(try #require(entries.first))

        let decoded = try JSONDecoder().decode(HistoryEntryJSON.self, from: JSONEncoder().encode(original))

        #expect(decoded == original)
    }
}

@Suite struct WallTimeRangeTests {
    @Test func anOperationStampedAfterYear9999IsRefusedNamingTheRule() throws {
        let device = UUID(uuidString: "dddddddd-0000-4000-8000-000000000000")!
        func operation(_ wallTime: Int64) -> ProjectOperation {
            ProjectOperation(
                id: UUID.counted(1), projectID: UUID.counted(2),
                timestamp: HybridTimestamp(wallTime: wallTime, counter: 0, device: device),
                fields: ProjectFields(status: .doing))
        }

        #expect(throws: Never.self) { try operation(253_402_300_799_999).validate() }
        let error = #expect(throws: RuleViolation.self) { try operation(253_402_300_800_000).validate() }

        #expect(error?.rule == "wallTimeRange")
        #expect(error?.description.hasPrefix("wallTime must be at most 253402300799999") == true)
    }
}
