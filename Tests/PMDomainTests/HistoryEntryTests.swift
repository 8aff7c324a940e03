import Foundation
import PMTestSupport
import Testing

@testable import PMDomain

/// One history line from one operation and the card just before it.
@Suite struct HistoryEntryTests {
    private let add = operation(1, at: stamp(0), added("Write spec"))

    /// The entry for `operation` after `earlier` were merged.
    private func historyEntry(_ operation: ProjectOperation, after earlier: ProjectOperation...) -> HistoryEntry? {
        HistoryEntry(operation: operation, before: states(after: earlier)[projectID] ?? ProjectState(id: projectID))
    }

    @Test func addIsRecordedWithEveryFieldFromNothing() throws {
        let entry = try #require(historyEntry(add))

        #expect(entry.action == .added)
        #expect(entry.title == "Write spec")
        #expect(
            entry.changes == [
                .init(field: .title, from: nil, to: "Write spec"), .init(field: .description, from: nil, to: ""),
                .init(field: .deadline, from: nil, to: "2026-12-01"), .init(field: .status, from: nil, to: "todo"),
            ])
        #expect(entry.summary == #"Added "Write spec" to TODO"#)
    }

    @Test func entryNamesTheOperationProjectDeviceAndTime() throws {
        let move = operation(2, at: stamp(90, device: deviceB), ProjectFields(status: .doing))

        let entry = try #require(historyEntry(move, after: add))

        #expect(entry.operationID == move.id)
        #expect(entry.projectID == projectID)
        #expect(entry.device == deviceB)
        #expect(entry.at == instant("2026-11-21T12:01:30Z"))
        #expect(entry.timestamp == move.timestamp)
    }

    @Test func moveIsRecordedFromListToList() throws {
        let entry = try #require(historyEntry(operation(2, at: stamp(5), ProjectFields(status: .doing)), after: add))

        #expect(entry.action == .moved)
        #expect(entry.changes == [.init(field: .status, from: "todo", to: "doing")])
        #expect(entry.summary == #"Moved "Write spec" from TODO to DOING"#)
    }

    @Test func moveOfAKoreanCardNamesItAsWritten() throws {
        let add = operation(1, at: stamp(0), added("스펙 작성", status: .doing))

        let entry = try #require(historyEntry(operation(2, at: stamp(5), ProjectFields(status: .done)), after: add))

        #expect(entry.summary == #"Moved "스펙 작성" from DOING to DONE"#)
    }

    @Test func deadlineEditIsRecordedOldToNew() throws {
        let moved = operation(2, at: stamp(3), ProjectFields(deadline: day("2026-12-03")))

        let entry = try #require(historyEntry(moved, after: add))

        #expect(entry.action == .edited)
        #expect(entry.changes == [.init(field: .deadline, from: "2026-12-01", to: "2026-12-03")])
        #expect(entry.summary == #"Edited "Write spec": deadline 2026-12-01 → 2026-12-03"#)
    }

    @Test func renameIsRecordedUnderTheOldTitle() throws {
        let rename = operation(2, at: stamp(3), ProjectFields(title: "스펙 작성"))

        let entry = try #require(historyEntry(rename, after: add))

        #expect(entry.title == "Write spec")
        #expect(entry.summary == #"Edited "Write spec": title "Write spec" → "스펙 작성""#)
    }

    @Test func editOfSeveralFieldsListsEachInFieldOrder() throws {
        let edit = operation(2, at: stamp(3), ProjectFields(title: "Spec", deadline: day("2026-12-03"), status: .doing))

        let entry = try #require(historyEntry(edit, after: add))

        #expect(entry.action == .edited)
        #expect(entry.changes.map(\.field) == [.title, .deadline, .status])
        #expect(
            entry.summary
                == #"Edited "Write spec": title "Write spec" → "Spec", deadline 2026-12-01 → 2026-12-03, list TODO → DOING"#
        )
    }

    @Test func descriptionEditShowsTheFirstLineOfEach() throws {
        let edit = operation(2, at: stamp(3), ProjectFields(description: "첫 줄\n둘째 줄"))

        let entry = try #require(historyEntry(edit, after: add))

        #expect(entry.changes == [.init(field: .description, from: "", to: "첫 줄\n둘째 줄")])
        #expect(entry.summary == #"Edited "Write spec": description "" → "첫 줄…""#)
    }

    @Test func longDescriptionIsCutTo40CharactersInTheSummary() throws {
        let edit = operation(2, at: stamp(3), ProjectFields(description: String(repeating: "가", count: 50)))

        let entry = try #require(historyEntry(edit, after: add))

        #expect(entry.summary == "Edited \"Write spec\": description \"\" → \"\(String(repeating: "가", count: 39))…\"")
    }

    @Test func deleteAndRestoreAreRecorded() throws {
        let delete = operation(2, at: stamp(3), ProjectFields(deleted: true))
        let restore = operation(3, at: stamp(4), ProjectFields(deleted: false))

        let deleted = try #require(historyEntry(delete, after: add))
        let restored = try #require(historyEntry(restore, after: add, delete))

        #expect(deleted.action == .deleted)
        #expect(deleted.summary == #"Deleted "Write spec""#)
        #expect(deleted.changes.isEmpty)
        #expect(restored.action == .restored)
        #expect(restored.summary == #"Restored "Write spec""#)
    }

    @Test func operationSettingTheValuesAlreadyThereRecordsNothing() {
        let same = operation(2, at: stamp(3), ProjectFields(title: "Write spec", status: .todo, deleted: false))

        #expect(historyEntry(same, after: add) == nil)
    }

    @Test func deletingADeletedCardRecordsNothing() {
        let delete = operation(2, at: stamp(3), ProjectFields(deleted: true))

        #expect(historyEntry(operation(3, at: stamp(4), ProjectFields(deleted: true)), after: add, delete) == nil)
    }

    @Test func editOfACardNeverAddedRecordsNothing() {
        #expect(historyEntry(operation(2, at: stamp(3), ProjectFields(status: .done))) == nil)
    }

    @Test func movingACardThatNeverSetItsListStartsFromTodo() throws {
        let bare = operation(1, at: stamp(0), ProjectFields(title: "제목"))

        let entry = try #require(historyEntry(operation(2, at: stamp(3), ProjectFields(status: .doing)), after: bare))

        #expect(entry.summary == #"Moved "제목" from TODO to DOING"#)
    }
}
