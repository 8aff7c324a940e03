import Foundation
import Testing

/// One push from the far future must not freeze a board: real `pm` devices and a real
/// `pm-server` on SQLite. A server refuses a change stamped past its skew; a device that holds a
/// far-future change (pulled, or its own clock carried there) still stamps its own changes at
/// its own time, and they are accepted.
@Suite(.serialized) struct FarFutureSyncEndToEndTests {
    static let today = "2026-11-21T12:00:00Z"
    static let farFuture = "9999-12-31T23:59:59Z"

    @Test(.timeLimit(.minutes(3)))
    func aFarFutureChangeIsRefusedAndDevicesHoldingOneStillSync() async throws {
        // Given a card from the year 9999 on the board, pushed while the server's clock stood
        // there too (as any server took it before the rule)
        let server = try SyncServer()
        let rogue = try PMRunner(now: Self.farFuture)
        try rogue.succeed(["remote", "set", server.url, "--board", SyncServer.board, "--token", server.bobToken])
        try await server.start(now: "9999-12-31T23:58:00Z")
        try rogue.add("9999년에서 온 카드")
        try rogue.succeed(["sync"])
        server.stop()
        try await server.start(now: Self.today)

        // When another member pushes a far-future change to the server as it is now
        let second = try PMRunner(now: Self.farFuture)
        try second.succeed(["remote", "set", server.url, "--board", SyncServer.board, "--token", server.bobToken])
        try second.add("Another from the future")
        let refused = try second.run(["sync"])

        // Then it is refused, naming the rule
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("wallTimeAhead"), "\(refused.stderr)")

        // When that member's wall clock is right again and it syncs
        let resent = try second.run(["sync"], now: Self.today)

        // Then its change is stamped anew at its own time and taken
        #expect(resent.status == 0, "\(resent.stderr)")

        // When a device pulls the far-future card and then adds one of its own
        let device = try PMRunner(now: Self.today)
        try device.succeed(["remote", "set", server.url, "--board", SyncServer.board, "--token", server.adaToken])
        try device.succeed(["sync"])
        let added = try device.add("오늘의 카드")
        let synced = try device.run(["sync"])

        // Then its card is stamped at its own time and the server takes it
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(added.createdAt.hasPrefix("2026-11-21T12:00:00"), "\(added.createdAt)")
        #expect(try device.succeed(["status", "--json"]).object()["pending"] as? Int == 0)

        // And the device whose own clock was carried to the year 9999 makes a change at today's
        // time: it starts again from its own time, and the server takes it
        let recovered = try rogue.add("Back to today", now: Self.today)
        let rogueSync = try rogue.run(["sync"], now: Self.today)
        #expect(rogueSync.status == 0, "\(rogueSync.stderr)")
        #expect(recovered.createdAt.hasPrefix("2026-11-21T12:00:00"), "\(recovered.createdAt)")

        // And a fresh device sees every card the server took
        let fresh = try PMRunner(now: Self.today)
        try fresh.succeed(["remote", "set", server.url, "--board", SyncServer.board, "--token", server.adaToken])
        try fresh.succeed(["sync"])
        #expect(
            Set(try fresh.cards().map(\.title)) == [
                "9999년에서 온 카드", "Another from the future", "오늘의 카드", "Back to today",
            ])
    }
}
