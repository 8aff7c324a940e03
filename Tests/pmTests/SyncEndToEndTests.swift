import Foundation
import Testing

/// Two devices syncing through a real `pm-server` on SQLite, offline edits and a server that
/// stops and comes back.
@Suite(.serialized) struct SyncEndToEndTests {
    @Test(.timeLimit(.minutes(3)))
    func offlineEditsOnTwoDevicesConvergeOnceTheServerIsBack() async throws {
        // Given a server, and devices A and B on the same board
        let server = try SyncServer()
        try await server.start()
        let (a, b) = try server.adaAndBob()

        // When A adds cards and syncs, and B syncs for the first time
        let shared = try a.add("Shared", now: "2026-11-21T09:00:00Z")
        let onlyA = try a.add("Edited on A", now: "2026-11-21T09:01:00Z")
        let onlyB = try a.add("Edited on B", now: "2026-11-21T09:02:00Z")
        try a.succeed(["sync"])
        let first = try b.succeed(["sync", "--json"]).object()

        // Then B starts from the server's cards and holds A's three
        #expect(first["startedFromSnapshot"] as? Bool == true)
        #expect(Set(try b.cards().map(\.title)) == ["Shared", "Edited on A", "Edited on B"])

        // When the server stops and both devices edit: the same field of the same card (B later
        // by the clock), and each a card of its own
        server.stop()
        let editA = try a.run(["edit", shared.id, "--title", "Shared, A's title"], now: "2026-11-21T10:00:00Z")
        let moveA = try a.run(["move", onlyA.id, "doing"], now: "2026-11-21T10:01:00Z")
        let editB = try b.run(["edit", shared.id, "--title", "Shared, B's title"], now: "2026-11-21T10:05:00Z")
        let describeB = try b.run(
            ["edit", onlyB.id, "--description", "Written offline on B"], now: "2026-11-21T10:06:00Z")

        // Then every edit succeeds offline as without a server, and says that it waits to be sent
        for result in [editA, moveA, editB, describeB] {
            #expect(
                result.status == 0 && result.stderr.contains("waiting on this device, not sent yet"), "\(result.stderr)"
            )
        }
        #expect(moveA.stderr.hasPrefix("pm: 2 changes waiting on this device, not sent yet ("), "\(moveA.stderr)")
        #expect(moveA.stderr.contains("pm sync sends them"))
        #expect(editA.stdout.contains("Shared, A's title"))
        for device in [a, b] {
            let status = try device.succeed(["status", "--json"]).object()
            #expect(status["state"] as? String == "offline" && status["pending"] as? Int == 2)
        }

        // When the server comes back on the same file and both sync (A twice, to get B's edits)
        try await server.start()
        try a.succeed(["sync"], now: "2026-11-21T11:00:00Z")
        try b.succeed(["sync"], now: "2026-11-21T11:00:00Z")
        try a.succeed(["sync"], now: "2026-11-21T11:01:00Z")

        // Then both hold the same cards and the same history
        let now = "2026-11-21T12:00:00Z"
        let cardsA = try a.succeed(["list", "--json"], now: now).stdout
        let cardsB = try b.succeed(["list", "--json"], now: now).stdout
        #expect(cardsA == cardsB)
        // (each marks its own changes `byThisDevice`: the rest is the same on both)
        let historyA = try a.succeed(["history", "--json", "--limit", "0"], now: now).sharedHistory()
        let historyB = try b.succeed(["history", "--json", "--limit", "0"], now: now).sharedHistory()
        #expect(historyA == historyB)
        // And the later title won on both, while the edits of different cards both survived
        let cards = try a.cards(now: now)
        #expect(cards.first { $0.id == shared.id }?.title == "Shared, B's title")
        #expect(cards.first { $0.id == onlyA.id }?.status == "doing")
        #expect(cards.first { $0.id == onlyB.id }?.description == "Written offline on B")
        // And nothing waits any more
        for device in [a, b] {
            let status = try device.succeed(["status", "--json"], now: now).object()
            #expect(status["state"] as? String == "online" && status["pending"] as? Int == 0)
            #expect(status["lastSyncAt"] as? String != nil && status["lastError"] is NSNull)
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func aChangeIsPushedWithinTheCommandThatMadeIt() async throws {
        // Given a server and two devices that synced once
        let server = try SyncServer()
        try await server.start()
        let (a, b) = try server.adaAndBob(adaNow: PMRunner.defaultNow, bobNow: PMRunner.defaultNow)
        try a.succeed(["sync"])
        try b.succeed(["sync"])

        // When A adds a card, without syncing
        let card = try a.add("Pushed at once")

        // Then A has nothing waiting, and B's next sync brings the card
        #expect(try a.succeed(["status", "--json"]).object()["pending"] as? Int == 0)
        let sync = try b.succeed(["sync", "--json"]).object()
        #expect(sync["pulled"] as? Int == 1)
        #expect(try b.cards().map(\.id) == [card.id])
    }

    @Test(.timeLimit(.minutes(2)))
    func aRevokedTokenIsNotSentAgainUntilTheRemoteIsSetWithANewOne() async throws {
        // Given a device syncing with ada's second token, which is then revoked
        let server = try SyncServer()
        let added = try server.admin(["token", "add", "ada"])
        let token = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try await server.start()
        let pm = try PMRunner()
        try pm.succeed(["remote", "set", server.url, "--board", SyncServer.board, "--token", token])
        try pm.succeed(["sync"])
        try #require(try server.admin(["token", "revoke", String(token.prefix(12))]).status == 0)
        let refusal = "the server no longer accepts token \(token.prefix(7))…"
        let setAgain = "pm remote set \(server.url) --board \(SyncServer.board) --token -"

        // When the device syncs
        let sync = try pm.run(["sync"])

        // Then the sync fails naming the token by its first characters and how to set a new one
        #expect(sync.status == 4, "\(sync.stderr)")
        #expect(sync.stderr.contains(refusal) && sync.stderr.contains(setAgain), "\(sync.stderr)")
        #expect(!sync.stderr.contains(token) && !sync.stderr.contains("run pm sync"))

        // When a card is added, and with the server gone the device syncs and asks its status
        let add = try pm.run(["add", "Still mine"])
        server.stop()
        let again = try pm.run(["sync"])
        let stopped = try pm.succeed(["status", "--json"]).object()

        // Then the refused token was not sent: the same refusal, not "cannot be reached"
        #expect(add.status == 0 && add.stdout.hasPrefix("Added \"Still mine\""))
        #expect(again.status == 4 && again.stderr.contains(refusal) && again.stderr.contains("1 change kept"))
        #expect(!again.stderr.contains("cannot be reached"), "\(again.stderr)")
        #expect(stopped["state"] as? String == "error" && stopped["pending"] as? Int == 1)
        #expect((stopped["lastError"] as? String)?.contains(refusal) == true)

        // When the server is back and the remote is set again with a valid token
        try await server.start()
        try pm.succeed(["remote", "set", server.url, "--board", SyncServer.board, "--token", server.adaToken])
        let status = try pm.succeed(["status"])

        // Then no round is said to run, and nothing to receive is not "up to date" beside a change to send
        #expect(status.stdout.contains("State: online, nothing to receive"), "\(status.stdout)")
        #expect(status.stdout.contains("Pending: 1 change to send"))
        #expect(!status.stdout.contains("up to date"))

        // And the next sync sends the change
        let retried = try pm.succeed(["sync", "--json"]).object()
        #expect(retried["pushed"] as? Int == 1 && retried["pending"] as? Int == 0)
    }

    @Test(.timeLimit(.minutes(2)))
    func aChangeOnARevokedTokenSaysWhichTokenAndHowToSetANewOne() async throws {
        // Given a device syncing with ada's second token, which is then revoked
        let server = try SyncServer()
        let token = try server.admin(["token", "add", "ada"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try await server.start()
        let pm = try PMRunner()
        try pm.succeed(["remote", "set", server.url, "--board", SyncServer.board, "--token", token])
        try pm.succeed(["sync"])
        try #require(try server.admin(["token", "revoke", String(token.prefix(12))]).status == 0)

        // When a card is added
        let add = try pm.run(["add", "Still mine"])

        // Then it is added, with one note naming the token and the way to a new one, not pm sync
        #expect(add.status == 0 && add.stdout.hasPrefix("Added \"Still mine\""))
        #expect(add.stderr.contains("the server no longer accepts token \(token.prefix(7))…"), "\(add.stderr)")
        #expect(add.stderr.contains("pm remote set \(server.url) --board \(SyncServer.board) --token -"))
        #expect(!add.stderr.contains(token) && !add.stderr.contains("run pm sync"))
    }
}
