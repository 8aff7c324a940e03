import Foundation
import Testing

/// `pm undo` and `pm redo` of one's own actions.
@Suite struct UndoRedoTests {
    @Test func undoingAnAddRemovesTheCardAndRedoBringsItBack() throws {
        // Given a card just added
        let pm = try PMRunner()
        let card = try pm.add("Mistake")

        // When the add is undone, then redone
        try pm.succeed(["undo"])
        let afterUndo = try pm.cards()
        try pm.succeed(["redo"])

        // Then the card was gone, and is back with its id and fields
        #expect(afterUndo.isEmpty)
        let back = try #require(try pm.card(card.id))
        #expect(back.title == "Mistake" && back.deadline == card.deadline && back.status == "todo")
    }

    @Test func undoingAnEditRestoresTheOldValues() throws {
        // Given a card whose title, deadline and description were edited in one command
        let pm = try PMRunner()
        let card = try pm.add("Draft", deadline: "2026-11-25", description: "first")
        try pm.succeed(["edit", card.id, "--title", "Final", "--deadline", "2026-12-01", "--description", "second"])

        // When the edit is undone
        let undo = try pm.succeed(["undo"])
        let undone = try #require(try pm.card(card.id))
        // And redone
        try pm.succeed(["redo"])
        let redone = try #require(try pm.card(card.id))

        // Then undo restored every field, and redo set the new ones again
        #expect(undo.stdout.contains("Undone"))
        #expect(undone.title == "Draft" && undone.deadline == "2026-11-25" && undone.description == "first")
        #expect(redone.title == "Final" && redone.deadline == "2026-12-01" && redone.description == "second")
    }

    @Test func undoingAMovePutsTheCardBack() throws {
        // Given a card moved from TODO to DONE
        let pm = try PMRunner()
        let card = try pm.add("Ship")
        try pm.succeed(["move", card.id, "done"])

        // When the move is undone, then redone
        try pm.succeed(["undo"])
        let undone = try pm.card(card.id)?.status
        try pm.succeed(["redo"])

        // Then it went back to TODO, and redo moved it to DONE again
        #expect(undone == "todo")
        #expect(try pm.card(card.id)?.status == "done")
    }

    @Test func undoingADeleteRestoresTheCard() throws {
        // Given a card in DOING that was deleted
        let pm = try PMRunner()
        let card = try pm.add("Precious", description: "keep me")
        try pm.succeed(["move", card.id, "doing"])
        try pm.succeed(["delete", card.id])
        let whileDeleted = try pm.cards()

        // When the delete is undone
        let undo = try pm.succeed(["undo", "--json"]).object()

        // Then the card is back as it was, and history records a restore
        #expect(whileDeleted.isEmpty)
        #expect(undo["action"] as? String == "restored")
        // And the JSON says who made it as history does: this device
        #expect(undo["by"] as? String == "this device" && undo["byThisDevice"] as? Bool == true)
        let back = try #require(try pm.card(card.id))
        #expect(back.status == "doing" && back.description == "keep me")
        // And redo deletes it again
        try pm.succeed(["redo"])
        #expect(try pm.cards().isEmpty)
    }

    @Test func aNewActionClearsRedo() throws {
        // Given an edit that was undone, so it could be redone
        let pm = try PMRunner()
        let card = try pm.add("Draft")
        try pm.succeed(["edit", card.id, "--title", "Final"])
        try pm.succeed(["undo"])

        // When a new action is taken
        try pm.add("Something else")
        let redo = try pm.run(["redo"])

        // Then there is nothing to redo, and the card keeps its undone title
        #expect(redo.status == 1)
        #expect(redo.stderr.contains("nothing to redo"))
        #expect(try pm.card(card.id)?.title == "Draft")
    }

    @Test func undoReachesAtLeastFiftyActionsBack() throws {
        // Given a card renamed 50 times
        let pm = try PMRunner()
        let card = try pm.add("v0")
        for version in 1...50 {
            try pm.succeed(["edit", card.id, "--title", "v\(version)"])
        }

        // When 50 actions are undone
        for _ in 1...50 {
            try pm.succeed(["undo"])
        }
        let afterFifty = try pm.card(card.id)?.title
        // And one more
        try pm.succeed(["undo"])

        // Then the card has its first title, and the 51st undo took back the add itself
        #expect(afterFifty == "v0")
        #expect(try pm.cards().isEmpty)
        // And redo walks forward again
        try pm.succeed(["redo"])
        try pm.succeed(["redo"])
        #expect(try pm.card(card.id)?.title == "v1")
    }

    @Test func undoIsRecordedInHistoryAsANewChange() throws {
        // Given a card moved to DOING and the move undone
        let pm = try PMRunner()
        let card = try pm.add("Spec")
        try pm.succeed(["move", card.id, "doing"])
        try pm.succeed(["undo"])

        // When the history is read
        let entries = try pm.history()

        // Then the undo is an entry of its own, moving the card back
        #expect(entries.map { $0["action"] as? String } == ["moved", "moved", "added"])
        let change = (entries[0]["changes"] as? [String: [String: Any]])?["status"]
        #expect(change?["from"] as? String == "doing" && change?["to"] as? String == "todo")
    }
}
