import Foundation
import PMDomain
import PMTestSupport
import TerminalKit
import Testing

@testable import PMBoard

/// Whole frames, as text, for a given state and size.
@Suite struct FrameTests {
    let cards = [
        Fixtures.project(
            1, "Write spec", deadline: "2026-11-20",
            description: "Two pages\nwith examples and a long tail that wraps around"),
        Fixtures.project(2, "한글 제목 테스트", deadline: "2026-11-22"),
        Fixtures.project(3, "👩‍💻 Ship it", .doing),
    ]

    func frame(_ state: BoardState) -> [String] {
        BoardView.render(state).lines
    }

    @Test func threeColumnsWithKoreanEmojiAndAnOverdueCard() {
        let state = Fixtures.state(cards, width: 72, height: 12)

        #expect(
            frame(state) == [
                " Project Manager · projects.sqlite                   2026-11-21 · local ",
                "┌ TODO (2) ────────────┐┌ DOING (1) ───────────┐┌ DONE (0) ────────────┐",
                "│ Write spec           ││ 👩‍💻 Ship it           ││                      │",
                "│ Two pages            ││ 2026-11-25           ││                      │",
                "│ with examples and a  ││                      ││                      │",
                "│ long tail that…      ││                      ││                      │",
                "│ 2026-11-20 overdue   ││                      ││                      │",
                "│                      ││                      ││                      │",
                "│ 한글 제목 테스트     ││                      ││                      │",
                "│ 2026-11-22           ││                      ││                      │",
                "└──────────────────────┘└──────────────────────┘└──────────────────────┘",
                " ←→ list  ↑↓ card  a add  ⏎ open  e edit  m move  H/L shift  d delete  u",
            ])
    }

    @Test func everyRowIsExactlyTheTerminalsWidthWhateverTheScript() {
        let state = Fixtures.state(cards, width: 72, height: 12)

        for line in frame(state) {
            #expect(line.displayWidth == 72, "\(line)")
        }
    }

    @Test func theOverdueDeadlineIsRedAndTheSelectedCardHighlighted() {
        let buffer = BoardView.render(Fixtures.state(cards, width: 72, height: 12))

        #expect(buffer[x: 2, y: 6].style.foreground == .red)
        #expect(buffer[x: 2, y: 9].style.foreground == .default)
        #expect(buffer[x: 2, y: 2].style.reverse)
        #expect(!buffer[x: 2, y: 8].style.reverse)
    }

    @Test func aNarrowTerminalShowsOneListWithTabsAndWhatLiesBelow() {
        let state = Fixtures.state(cards, width: 40, height: 10)

        #expect(
            frame(state) == [
                " Project Manager · … 2026-11-21 · local ",
                "  TODO (2) │ DOING (1) │ DONE (0) │     ",
                "┌ TODO (2) ────────────────────────────┐",
                "│ Write spec                           │",
                "│ Two pages                            │",
                "│ with examples and a long tail that   │",
                "│ wraps around                         │",
                "│ 2026-11-20 overdue                   │",
                "└─────────────────────────────▼ 1 more─┘",
                " ←→ list  ↑↓ card  a add  ⏎ open  e edit",
            ])
    }

    @Test func theMoveMenuListsTheTwoOtherLists() {
        var state = Fixtures.state(cards, width: 40, height: 10)

        _ = state.press(.character("m"))

        #expect(
            frame(state) == [
                " Project Manager · … 2026-11-21 · local ",
                "  TODO (2) │ DOING (1) │ DONE (0) │     ",
                "┌ TODO (2) ────────────────────────────┐",
                "│ ┌ Move \"Write spec\" to ────────────┐ │",
                "│ │ 1  DOING                         │ │",
                "│ │ 2  DONE                          │ │",
                "│ └──────────────────────────────────┘ │",
                "│ 2026-11-20 overdue                   │",
                "└─────────────────────────────▼ 1 more─┘",
                " ↑↓ choose  ⏎ move  1/2 move  Esc cancel",
            ])
    }

    @Test func theFormShowsEachErrorBesideItsFieldInTheCLIsWords() {
        var state = Fixtures.state(cards, width: 50, height: 16)
        _ = state.press(.character("a"), .tab)
        state.type("2020-01-01")

        _ = state.press(.ctrl("s"))

        #expect(
            frame(state) == [
                " Project Manager · projects.s… 2026-11-21 · local ",
                "  TODO (2) │ DOING (1) │ DONE (0) │               ",
                "┌┌ New project ─────────────────────────────────┐┐",
                "││ Title                                        ││",
                "││                                              ││",
                "││   ✗ title must be 1–100 characters, got 0    ││",
                "││ Deadline  (2026-12-24, today, tomorrow, +3d, ││",
                "││   2020-01-01▏                                ││",
                "││   ✗ deadline may not be before today         ││",
                "││   (2026-11-21), got 2020-01-01               ││",
                "││ Description                           0/1000 ││",
                "││                                              ││",
                "││ Ctrl-S save · Tab next field · Esc cancel    ││",
                "│└──────────────────────────────────────────────┘│",
                "└────────────────────────────────────────────────┘",
                " Tab next field  Shift-Tab previous  Ctrl-S save  ",
            ])
    }

    @Test func theHistoryPanelListsEntriesNewestFirst() throws {
        var state = Fixtures.state([Fixtures.project(1, "Write spec")], width: 60, height: 8)
        let id = state.cards(.todo)[0].id
        let device = UUID(uuidString: "dddddddd-0000-4000-8000-000000000000")!
        let add = ProjectOperation(
            id: UUID.counted(1), projectID: id,
            timestamp: HybridTimestamp(wallTime: 1_763_719_200_000, counter: 0, device: device),
            fields: ProjectFields(
                title: "Write spec", description: "", deadline: Deadline(iso: "2026-11-25"), status: .todo,
                deleted: false))
        let move = ProjectOperation(
            id: UUID.counted(2), projectID: id,
            timestamp: HybridTimestamp(wallTime: 1_763_722_800_000, counter: 0, device: device),
            fields: ProjectFields(status: .doing))

        _ = state.press(.character("y"))
        _ = state.reduce(.historyLoaded(History.entries(for: [add, move])))

        #expect(
            frame(state) == [
                " Project Manager · projects.sqlite       2026-11-21 · local ",
                "┌ History (2) ─────────────────────────────────────────────┐",
                "│ 2025-11-21 11:00  Moved \"Write spec\" from TODO to DOING  │",
                "│ 2025-11-21 10:00  Added \"Write spec\" to TODO  (device dd │",
                "│                                                          │",
                "│                                                          │",
                "└──────────────────────────────────────────────────────────┘",
                " ↑↓ PgUp/PgDn scroll  Esc close                             ",
            ])
    }

    @Test func theHistoryPanelNamesWhoMadeEachChange() throws {
        // Given this device's add, ada's and bob's moves pulled from the server, and an edit
        // from a device whose author the server did not record
        var state = Fixtures.state([Fixtures.project(1, "Write spec")], width: 80, height: 9)
        let id = state.cards(.todo)[0].id
        let here = UUID(uuidString: "aaaaaaaa-0000-4000-8000-000000000000")!
        let other = UUID(uuidString: "bbbbbbbb-0000-4000-8000-000000000000")!
        state.thisDevice = here
        func operation(_ number: UInt64, hour: Int64, device: UUID, _ fields: ProjectFields) -> ProjectOperation {
            ProjectOperation(
                id: UUID.counted(number), projectID: id,
                timestamp: HybridTimestamp(wallTime: 1_763_712_000_000 + hour * 3_600_000, counter: 0, device: device),
                fields: fields)
        }
        let operations = [
            operation(1, hour: 0, device: here, ProjectFields(title: "Write spec", status: .todo)),
            operation(2, hour: 1, device: other, ProjectFields(status: .doing)),
            operation(3, hour: 2, device: other, ProjectFields(status: .done)),
            operation(4, hour: 3, device: other, ProjectFields(title: "Spec")),
        ]
        let authors = [UUID.counted(2): "ada", UUID.counted(3): "bob"]

        // When the history panel shows them
        _ = state.press(.character("y"))
        _ = state.reduce(.historyLoaded(History.entries(for: operations, authors: authors)))

        // Then each line names its user, this device, or the device when no user is known
        #expect(
            frame(state) == [
                " Project Manager · projects.sqlite                           2026-11-21 · local ",
                "┌ History (4) ─────────────────────────────────────────────────────────────────┐",
                "│ 2025-11-21 11:00  Edited \"Write spec\": title \"Write spec\" → \"Spec\"  (device  │",
                "│ 2025-11-21 10:00  Moved \"Write spec\" from DOING to DONE  (bob)               │",
                "│ 2025-11-21 09:00  Moved \"Write spec\" from TODO to DOING  (ada)               │",
                "│ 2025-11-21 08:00  Added \"Write spec\" to TODO  (this device)                  │",
                "│                                                                              │",
                "└──────────────────────────────────────────────────────────────────────────────┘",
                " ↑↓ PgUp/PgDn scroll  Esc close                                                 ",
            ])
    }
}
