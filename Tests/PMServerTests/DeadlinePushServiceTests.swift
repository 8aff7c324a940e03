import Foundation
import Logging
import PMDomain
import PMServer
import PMSyncProtocol
import PMTestSupport
import Testing

@Suite struct DeadlinePushServiceTests {
    @Test func aRoundRunsAtOnceAndThenEveryMinuteOfTheClock() async throws {
        // Given a board with no subscription yet, the service started on a test clock
        let team = try await DeadlinePushesTests.board()
        await team.repository.deletePushSubscriptions(endpoint: "https://push.example/ada")
        let delivery = RecordingDelivery()
        let clock = TestClock()
        let service = DeadlinePushService(
            pushes: DeadlinePushesTests.pushes(team, delivery, at: DeadlinePushesTests.seoulTime(10)), clock: clock,
            logger: Logger(label: "test"))
        let running = Task { await service.repeatRounds() }
        defer { running.cancel() }
        #expect(try await waitUntil { clock.sleeperCount == 1 })

        // When a browser subscribes, and 59 seconds pass
        try await team.repository.addPushSubscription(DeadlinePushesTests.subscription("https://push.example/ada"))
        clock.advance(by: .seconds(59))
        try await Task.sleep(for: .milliseconds(50))
        // Then nothing is sent before the minute is up
        #expect(await delivery.sent.isEmpty)

        // When the minute is up
        clock.advance(by: .seconds(1))
        // Then the next round sends what is due
        #expect(try await waitUntil { clock.sleeperCount == 1 })
        for _ in 0..<100 where await delivery.sent.count < 2 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(await delivery.titles == ["Overdue", "Due today"])
    }
}
