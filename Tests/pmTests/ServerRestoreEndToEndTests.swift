import Foundation
import PMTestSupport
import Testing

/// A real `pm-server` backed up with `pm-server backup` while it serves, then restored from the
/// copy after more changes: the devices that hold those changes send them again at their next
/// sync, so the restore loses nothing.
@Suite(.serialized) struct ServerRestoreEndToEndTests {
    @Test(.timeLimit(.minutes(3)))
    func givenAServerRestoredFromAnOlderBackupWhenDevicesSyncThenNothingTheyHoldIsLost() async throws {
        // Given a server, two devices, and a backup taken after the first cards
        let server = try SyncServer()
        try await server.start()
        let (a, b) = try server.adaAndBob(adaNow: PMRunner.defaultNow, bobNow: PMRunner.defaultNow)
        _ = try a.add("백업 전")
        try a.succeed(["sync"])
        let copy = server.folder.path + "/backup.sqlite"
        let backup = try server.admin(["backup", copy])
        try #require(backup.status == 0, "backup: \(backup.stderr)")
        #expect(backup.stdout.contains("Backed up"))
        // A second backup to the same path is refused: a backup never overwrites
        let again = try server.admin(["backup", copy])
        #expect(again.status != 0 && again.stderr.contains("exists already"))

        // When both devices add cards and sync, then the server is restored from the backup
        _ = try a.add("A 후")
        try a.succeed(["sync"])
        _ = try b.add("B 후")
        try b.succeed(["sync"])
        server.stop()
        let database = server.folder.path + "/pm-server.sqlite"
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }
        try FileManager.default.copyItem(atPath: copy, toPath: database)
        try await server.start()

        // Then each device's next sync notices and sends what it holds again
        let syncA = try a.succeed(["sync", "--json"]).object()
        #expect(syncA["resentEverything"] as? Bool == true)
        let syncB = try b.succeed(["sync"])
        #expect(syncB.stdout.contains("sent all it holds again"))
        try a.succeed(["sync"])
        // And both devices and a new one hold every card
        let c = try PMRunner()
        try c.succeed(["remote", "set", server.url, "--board", SyncServer.board, "--token", server.adaToken])
        try c.succeed(["sync"])
        for device in [a, b, c] {
            #expect(Set(try device.cards().map(\.title)) == ["백업 전", "A 후", "B 후"])
        }
        server.stop()
    }
}
