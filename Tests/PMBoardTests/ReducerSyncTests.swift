import Foundation
import PMDomain
import PMStore
import PMSync
import TerminalKit
import Testing

@testable import PMBoard

/// The board's side of sync: the header and footer for each status, `s`, and cards arriving
/// from elsewhere with the selection kept.
@Suite struct ReducerSyncTests {
    let cards = [
        Fixtures.project(1, "First"),
        Fixtures.project(2, "Second"),
        Fixtures.project(3, "Third"),
    ]

    func header(_ state: BoardState) -> String {
        BoardView.render(state).lines[0]
    }

    func footer(_ state: BoardState) -> String {
        BoardView.render(state).lines.last ?? ""
    }

    @Test(arguments: [
        (SyncStatus(phase: .live, pending: 0), "● synced"),
        (SyncStatus(phase: .live, pending: 3), "↑ 3 pending"),
        (SyncStatus(phase: .syncing, pending: 1), "↑ 1 pending"),
        (SyncStatus(phase: .connecting, pending: 0), "↻ syncing"),
        (SyncStatus(phase: .syncing, pending: 0), "↻ syncing"),
        (SyncStatus(phase: .offline, pending: 0, lastError: "no route"), "○ offline"),
        (SyncStatus(phase: .offline, pending: 2, lastError: "no route"), "○ offline · 2 pending"),
        (SyncStatus(phase: .stopped("revoked"), pending: 0, lastError: "revoked"), "⚠ error"),
        (SyncStatus(phase: .live, pending: 0, liveBlocked: true), "◌ checking every 10 s"),
    ])
    func theHeaderSaysWhereSyncStands(status: SyncStatus, text: String) {
        // Given a board
        var state = Fixtures.state(cards)

        // When the engine reports a status
        _ = state.reduce(.syncStatusChanged(status))

        // Then the header's right end shows it after the date
        #expect(header(state).hasSuffix("2026-11-21 · \(text) "), "\(header(state))")
        #expect(header(state).displayWidth == 90)
    }

    @Test func blockedLiveUpdatesAreSaidInTheFooterUntilLiveWorksAgain() {
        // Given a board whose server answers but whose live connection a proxy drops
        var state = Fixtures.state(cards)
        _ = state.reduce(.syncStatusChanged(SyncStatus(phase: .live, pending: 0, liveBlocked: true)))

        // Then the footer says so and how the board keeps up
        #expect(footer(state).contains("live updates blocked — checking every 10 s"), "\(footer(state))")

        // When live updates get through again, the footer no longer says it
        _ = state.reduce(.syncStatusChanged(SyncStatus(phase: .live, pending: 0)))
        #expect(!footer(state).contains("live updates blocked"))
        #expect(header(state).hasSuffix("● synced "))
    }

    @Test func withoutARemoteTheHeaderSaysLocal() {
        let state = Fixtures.state(cards)

        #expect(header(state).hasSuffix("2026-11-21 · local "))
    }

    @Test func aStoppedEngineShowsErrorAndKeepsItsReasonInTheFooter() {
        // Given a board whose engine stops on a refusal
        var state = Fixtures.state(cards)
        let reason = "the server refused (401 unauthorized): the token was revoked"
        _ = state.reduce(.syncStatusChanged(SyncStatus(phase: .stopped(reason), pending: 1, lastError: reason)))

        // Then the footer says why and how to retry, and still does after a key
        let expected = " Sync stopped: \(reason) — s to retry"
        #expect(footer(state).hasPrefix(expected), "\(footer(state))")
        _ = state.press(.down)
        #expect(footer(state).hasPrefix(expected))
        #expect(header(state).hasSuffix("⚠ error · 1 pending "))
    }

    @Test func aRefusedTokenStopsSyncWithTheWayToANewOneAndNoOfferToRetry() {
        // Given a board whose engine stopped because the server refused the token
        var state = Fixtures.state(cards)
        let reason =
            "the server no longer accepts token pm_5a01… (revoked, or not issued by this server); "
            + "set a new one with pm remote set URL --board team --token -"
        _ = state.reduce(
            .syncStatusChanged(SyncStatus(phase: .stopped(reason), pending: 1, lastError: reason, tokenRefused: true)))

        // Then the footer names the way out, and does not offer s, which would not send the token again
        #expect(state.message == "Sync stopped: \(reason)")
        #expect(!footer(state).contains("s to retry"), "\(footer(state))")
    }

    @Test func aCardDeletedElsewhereWhileThisDeviceChangedItIsNotedWithTheWayBack() throws {
        // Given a board whose round brought in bob's delete of a card this device had edited
        var state = Fixtures.state(cards)
        let id = try #require(UUID(uuidString: "5A01B2C3-0000-4000-8000-000000000001"))
        let deleted = DeletedWhileChanged(id: id, title: "회의록", deletedBy: "bob")

        // When the engine reports the round
        _ = state.reduce(.syncStatusChanged(SyncStatus(phase: .live, pending: 0, deletedWhileChanged: [deleted])))

        // Then the footer says who deleted it and how to bring it back
        #expect(
            state.message == "Note: \"회의록\" was deleted by bob while you changed it; pm restore 5a01b2c3 brings it back"
        )

        // And with more than one, it says how many more and where they are listed
        let other = DeletedWhileChanged(id: UUID(), title: "예산", deletedBy: "ada")
        _ = state.reduce(
            .syncStatusChanged(SyncStatus(phase: .live, pending: 0, deletedWhileChanged: [deleted, other])))
        #expect(state.message?.hasSuffix("brings it back (and 1 more: pm sync lists them)") == true)
    }

    @Test func goingOfflineSaysSoOnceAndARetryFailingTheSameWaySaysNothingNew() {
        // Given a board that went offline, and a key that cleared the message
        var state = Fixtures.state(cards)
        let offline = SyncStatus(phase: .offline, pending: 0, lastError: "the server cannot be reached: refused")
        _ = state.reduce(.syncStatusChanged(offline))
        #expect(
            state.message
                == "Offline: the server cannot be reached: refused — changes wait here and go once the server is back")
        _ = state.press(.down)

        // When a retry runs and fails the same way
        _ = state.reduce(.syncStatusChanged(SyncStatus(phase: .syncing, pending: 0)))
        _ = state.reduce(.syncStatusChanged(offline))

        // Then the footer keeps its keys
        #expect(state.message == nil)
        #expect(footer(state).hasPrefix(" ←→ list"))
    }

    @Test func sAsksForARoundAndSaysSoUntilItEnds() {
        // Given a synced board
        var state = Fixtures.state(cards)
        _ = state.reduce(.syncStatusChanged(SyncStatus(phase: .live, pending: 0)))

        // When s is pressed
        let effects = state.press(.character("s"))

        // Then it asks the engine for a round, and the footer says so until the round ends
        #expect(effects == [.syncNow])
        #expect(footer(state).hasPrefix(" Syncing…"))
        _ = state.reduce(.syncStatusChanged(SyncStatus(phase: .syncing, pending: 0)))
        #expect(footer(state).hasPrefix(" Syncing…"))
        _ = state.reduce(.syncStatusChanged(SyncStatus(phase: .live, pending: 0)))
        #expect(footer(state).hasPrefix(" ←→ list"))
    }

    @Test func sAfterAnErrorAnnouncesTheSameErrorAgainWhenTheRetryFails() {
        // Given a stopped engine whose reason was announced
        var state = Fixtures.state(cards)
        let stopped = SyncStatus(phase: .stopped("revoked"), pending: 0, lastError: "revoked")
        _ = state.reduce(.syncStatusChanged(stopped))

        // When s retries and the round is refused the same way
        _ = state.press(.character("s"))
        _ = state.reduce(.syncStatusChanged(SyncStatus(phase: .syncing, pending: 0)))
        _ = state.reduce(.syncStatusChanged(stopped))

        // Then the footer no longer says Syncing… but why it stopped
        #expect(state.message == "Sync stopped: revoked — s to retry")
    }

    @Test func sIsOnTheFooterAndInTheHelp() {
        var state = Fixtures.state(cards, width: 140)

        #expect(footer(state).contains("s sync"))
        _ = state.press(.character("?"))
        #expect(BoardView.render(state).lines.contains { $0.contains("s            sync now") })
    }

    @Test func aStatusChangeKeepsTheSelectionAndTheOpenScreen() {
        // Given the second card selected and its details open
        var state = Fixtures.state(cards)
        _ = state.press(.down, .enter)

        // When the engine reports
        _ = state.reduce(.syncStatusChanged(SyncStatus(phase: .live, pending: 0)))

        // Then nothing else moved
        #expect(state.selectedProject?.title == "Second")
        #expect(state.mode == .detail(cards[1].id))
    }

    @Test func aReloadKeepsTheSelectedCardWhenCardsBeforeItComeAndGo() {
        // Given the third card selected
        var state = Fixtures.state(cards)
        _ = state.press(.down, .down)
        #expect(state.selectedProject?.title == "Third")

        // When someone else deletes the first card and adds two that sort before the third
        let added = [
            Fixtures.project(7, "Earlier", deadline: "2026-11-21"),
            Fixtures.project(8, "Also earlier", deadline: "2026-11-22"),
        ]
        _ = state.reduce(.reloaded(Array(cards.dropFirst()) + added))

        // Then the same card is still selected, at its new place
        #expect(state.selectedProject?.title == "Third")
        #expect(state.selected[.todo] == 3)
    }

    @Test func aReloadThatRemovesTheSelectedCardSelectsItsNeighbour() {
        var state = Fixtures.state(cards)
        _ = state.press(.down, .down)

        _ = state.reduce(.reloaded(Array(cards.prefix(2))))

        #expect(state.selectedProject?.title == "Second")
    }
}
