import Foundation
import Logging
import PMDomain
import PMServer
import PMSyncProtocol
import PMTestSupport
import Testing

/// A push service in memory: answers each message with the next of `answers` (the last again
/// once they run out) and keeps what it was handed.
actor RecordingDelivery: WebPushDelivery {
    var answers: [WebPushOutcome]
    private(set) var sent: [(endpoint: String, notice: DeadlineNotice, urgent: Bool)] = []

    init(_ answers: [WebPushOutcome] = [.delivered]) {
        self.answers = answers
    }

    func deliver(_ payload: [UInt8], to subscription: PushSubscription, urgent: Bool) -> WebPushOutcome {
        let notice = try! JSONDecoder().decode(DeadlineNotice.self, from: Data(payload))
        sent.append((subscription.endpoint, notice, urgent))
        return answers.count > 1 ? answers.removeFirst() : answers[0]
    }

    var titles: [String] { sent.map(\.notice.title) }
}

@Suite struct DeadlinePushesTests {
    static let day = Deadline(year: 2026, month: 12, day: 14)!
    static let seoul = TimeZone(identifier: "Asia/Seoul")!

    /// Ada's board with an overdue card, one due on ``day``, a done one due then and one due the
    /// day after, and her browser subscribed with the Seoul time zone.
    static func board() async throws -> TeamServer {
        let team = try await TeamServer.make()
        _ = try await team.repository.push(
            board: "team",
            operations: [
                card(1, "Overdue", due: day.adding(days: -3), .doing, description: "line one\n\nline two"),
                card(2, "Due today", due: day, .todo),
                card(3, "Done", due: day, .done),
                card(4, "Tomorrow", due: day.adding(days: 1), .todo),
            ])
        try await team.repository.addPushSubscription(subscription("https://push.example/ada"))
        return team
    }

    static func card(_ number: Int, _ title: String, due: Deadline, _ status: Status, description: String = "")
        -> ProjectOperation
    {
        SyncFixtures.operation(
            number, project: number,
            fields: ProjectFields(title: title, description: description, deadline: due, status: status))
    }

    static func subscription(_ endpoint: String, user: UserName = "ada") -> PushSubscription {
        PushSubscription(
            endpoint: endpoint, p256dh: [4] + [UInt8](repeating: 1, count: 64), auth: [UInt8](repeating: 2, count: 16),
            board: "team", user: user, timeZone: "Asia/Seoul")
    }

    /// `hour`:`minute` on ``day`` in Seoul.
    static func seoulTime(_ hour: Int, _ minute: Int = 0, dayOffset: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = seoul
        let (year, month, dayOfMonth) = day.adding(days: dayOffset).components
        return calendar.date(
            from: DateComponents(year: year, month: month, day: dayOfMonth, hour: hour, minute: minute))!
    }

    static func pushes(_ team: TeamServer, _ delivery: RecordingDelivery, at time: Date) -> DeadlinePushes<
        InMemorySyncRepository
    > {
        DeadlinePushes(
            repository: team.repository, delivery: delivery, now: { time },
            defaultTimeZone: TimeZone(identifier: "UTC")!,
            logger: Logger(label: "test"))
    }

    @Test func aCardDueTodayIsAnnouncedFromNineInTheSubscribersZone() async throws {
        // Given the board, at 08:59 in Seoul
        let team = try await Self.board()
        let delivery = RecordingDelivery()
        // When a round runs at 08:59, then at 09:00
        _ = try await Self.pushes(team, delivery, at: Self.seoulTime(8, 59)).sendDue()
        let early = await delivery.titles
        let summary = try await Self.pushes(team, delivery, at: Self.seoulTime(9, 0)).sendDue()
        // Then at 08:59 only the overdue card went out, urgently; at 09:00 the one due today;
        // never the done card or tomorrow's
        #expect(early == ["Overdue"])
        #expect(await delivery.titles == ["Overdue", "Due today"])
        #expect(await delivery.sent.map(\.urgent) == [true, false])
        #expect(summary.delivered == 1)
        // in pm remind's words
        let notices = await delivery.sent.map(\.notice)
        #expect(notices[0].body == "Overdue since 2026-12-11 · DOING\nline one\nline two")
        #expect(notices[1].body == "Due today · TODO")
        #expect(notices[1].url == "/boards/team#card=\(SyncFixtures.uuid(0x10_0002).uuidString.lowercased())")
    }

    @Test func aReminderIsSentOnceAndAgainOnlyForAMovedDeadline() async throws {
        // Given every card due was announced
        let team = try await Self.board()
        let delivery = RecordingDelivery()
        let later = Self.seoulTime(10)
        _ = try await Self.pushes(team, delivery, at: later).sendDue()
        // When rounds run again, and the due card's deadline moves a day later (and falls due)
        let again = try await Self.pushes(team, delivery, at: later).sendDue()
        _ = try await team.repository.push(
            board: "team",
            operations: [
                SyncFixtures.operation(9, project: 2, fields: ProjectFields(deadline: Self.day.adding(days: 1)))
            ])
        _ = try await Self.pushes(team, delivery, at: Self.seoulTime(9, dayOffset: 1)).sendDue()
        // Then nothing went twice, and the moved deadline is announced once more with tomorrow's
        #expect(again.delivered == 0)
        #expect(await delivery.titles == ["Overdue", "Due today", "Due today", "Tomorrow"])
    }

    @Test func aGoneSubscriptionIsRemovedAndABusyOneTriedNextRound() async throws {
        // Given a second browser, whose push service is busy once; and the first's, which is gone
        let team = try await Self.board()
        try await team.repository.addPushSubscription(Self.subscription("https://push.example/busy"))
        let delivery = RecordingDelivery([.gone, .unavailable("HTTP 503"), .delivered])
        // When two rounds run
        let first = try await Self.pushes(team, delivery, at: Self.seoulTime(10)).sendDue()
        let second = try await Self.pushes(team, delivery, at: Self.seoulTime(10)).sendDue()
        // Then the gone subscription is removed after its first message, and the busy one gets
        // in the second round what it missed in the first
        #expect(first == .init(delivered: 0, gone: 1, failed: 1))
        #expect(second.delivered == 2)
        #expect(await team.repository.pushSubscriptions().map(\.endpoint) == ["https://push.example/busy"])
        #expect(
            await delivery.sent.map(\.endpoint) == ["https://push.example/ada"]
                + Array(repeating: "https://push.example/busy", count: 3))
    }

    @Test func aSubscriberWhoLeftTheBoardIsSentNothing() async throws {
        let team = try await Self.board()
        try await team.repository.grant(board: "team", user: "bob")
        try await team.repository.addPushSubscription(Self.subscription("https://push.example/bob", user: "bob"))
        _ = try await team.repository.removeMember(board: "team", user: "bob")
        let delivery = RecordingDelivery()
        _ = try await Self.pushes(team, delivery, at: Self.seoulTime(10)).sendDue()
        #expect(Set(await delivery.sent.map(\.endpoint)) == ["https://push.example/ada"])
    }
}
