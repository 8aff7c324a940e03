import Foundation
import PMDomain
import PMServer
import PMServerSQLite
import PMSyncProtocol
import PMTestSupport
import Testing

/// Deadline notifications end to end: real `pm-server` processes (`serve` takes the
/// subscriptions and sends after a restart, `remind --once` sends what is due) and the tests'
/// own push service, which checks every VAPID token and decrypts every message.
@Suite(.serialized) struct DeadlinePushEndToEndTests {
    static let day = Deadline(year: 2026, month: 12, day: 14)!
    static let quietDay = "2026-12-01T10:00:00Z"
    static let morning = "2026-12-14T08:00:00Z"
    static let tenOClock = "2026-12-14T10:00:00Z"

    @Test(.enabled(if: PushServiceStandIn.canRun, "PM_TEST_PYTHON is unset: run `bash scripts/test`"))
    func aCardFallingDueIsPushedOncePerSubscriptionAndNeverTwice() async throws {
        // Given a board with an overdue card, one due today, a done one due today and one due tomorrow
        let folder = try TemporaryFolder(prefix: "pm-push")
        let database = folder.path + "/pm-server.sqlite"
        let token = try ServerProcess.addMember("ada", board: "team", database: database)
        let repository = try SQLiteSyncRepository.open(path: database)
        _ = try await repository.push(
            board: "team",
            operations: [
                Self.card(1, "Overdue thing", due: Self.day.adding(days: -1), .doing),
                Self.card(2, "보고서 제출", due: Self.day, .todo),
                Self.card(3, "Done already", due: Self.day, .done),
                Self.card(4, "Later", due: Self.day.adding(days: 1), .todo),
            ])
        // and three browsers subscribed through a running server: one whose push service takes
        // every message, one whose subscription is gone (410), one busy at first (429)
        let pushService = try PushServiceStandIn(now: ISO8601DateFormatter().date(from: Self.tenOClock)!)
        let taking = try pushService.subscribe(answers: [201])
        let gone = try pushService.subscribe(answers: [410])
        let busy = try pushService.subscribe(answers: [429, 201])
        let options = ["--push-endpoint-schemes", "https,http", "--push-time-zone", "UTC"]
        // (on a day when nothing is due yet, so its own first round sends nothing meanwhile)
        let server = try ServerProcess(
            database: database, log: folder.path + "/server.log", options: options,
            environment: ["PM_NOW": Self.quietDay])
        try await server.start()
        for subscription in [taking, gone, busy] {
            let answer = try LoopbackRequest(
                "POST", "/v1/boards/team/push/subscriptions",
                headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")],
                body: subscription.json
            ).send(port: server.port)
            #expect(answer.status == 201, "\(answer.body)")
        }
        let keyAnswer = try LoopbackRequest("GET", "/v1/push/key", headers: [("Authorization", "Bearer \(token)")])
            .send(port: server.port)
        let servedKey = try JSONDecoder().decode([String: String].self, from: Data(keyAnswer.body.utf8))["publicKey"]
        server.stop()

        // When `remind --once` runs at 08:00, then at 10:00, then at 10:00 again
        let remind = ["remind", "--once", "--database", database] + options
        let early = try runServerCommand(remind, environment: ["PM_NOW": Self.morning])
        let onTime = try runServerCommand(remind, environment: ["PM_NOW": Self.tenOClock])
        let again = try runServerCommand(remind, environment: ["PM_NOW": Self.tenOClock])

        // Then at 08:00 only the overdue card went out; at 10:00 the card due today; the done card
        // and tomorrow's never, and nothing twice
        #expect([early.status, onTime.status, again.status] == [0, 0, 0], "\(early.output)\(onTime.output)")
        var received = try pushService.received()
        #expect(received.allSatisfy { $0.problems.isEmpty }, "\(received.map(\.problems))")
        #expect(received.allSatisfy { $0.key == servedKey })
        #expect(Self.titles(received, to: taking) == ["Overdue thing", "보고서 제출"])
        #expect(Self.titles(received, to: gone) == ["Overdue thing"])
        #expect(Self.titles(received, to: busy) == ["Overdue thing", "Overdue thing", "보고서 제출"])
        #expect(received.filter { $0.id == busy.id }.map(\.status) == [429, 201, 201])
        let dueToday = received.first { $0.id == taking.id && $0.notice["title"] == "보고서 제출" }
        #expect(dueToday?.notice["body"] == "Due today · TODO")
        #expect(dueToday?.notice["url"] == "/boards/team#card=\(SyncFixtures.uuid(0x10_0002).uuidString.lowercased())")
        #expect(again.output.contains("Sent 0"))
        // and the subscription whose push service said 410 is gone from the store
        #expect(try await repository.pushSubscriptions().map(\.endpoint) == [taking.endpoint, busy.endpoint])

        // When the server restarts at 10:00 with one more card due today
        _ = try await repository.push(
            board: "team", operations: [Self.card(5, "Fresh card", due: Self.day, .todo)])
        let restarted = try ServerProcess(
            database: database, log: folder.path + "/server.log", options: options,
            environment: ["PM_NOW": Self.tenOClock])
        try await restarted.start()
        defer { restarted.stop() }
        // (up to 20 s: the machine may be loaded)
        for _ in 0..<4 {
            if try await waitUntil({
                (try? pushService.received().filter { $0.notice["title"] == "Fresh card" }.count) == 2
            }) {
                break
            }
        }

        // Then its first round sent the new card to both subscriptions and nothing sent before
        received = try pushService.received()
        #expect(Self.titles(received, to: taking) == ["Overdue thing", "보고서 제출", "Fresh card"])
        #expect(Self.titles(received, to: busy) == ["Overdue thing", "Overdue thing", "보고서 제출", "Fresh card"])
        #expect(Self.titles(received, to: gone) == ["Overdue thing"])
    }

    static func card(_ number: Int, _ title: String, due: Deadline, _ status: Status) -> ProjectOperation {
        SyncFixtures.operation(
            number, project: number, fields: ProjectFields(title: title, deadline: due, status: status))
    }

    static func titles(_ received: [PushServiceStandIn.Received], to subscription: PushServiceStandIn.Subscription)
        -> [String]
    {
        received.filter { $0.id == subscription.id }.map { $0.notice["title"] ?? "?" }
    }
}
