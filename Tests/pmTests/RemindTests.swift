import Foundation
import PMTestSupport
import Testing

@Suite(.serialized) struct RemindTests {
    /// A board on 2026-11-21 with a card overdue since the 19th, one due today, one due in five
    /// days, and an overdue card that is done.
    func boardWithDeadlines() throws -> PMRunner {
        let pm = try PMRunner()
        try pm.succeed(["add", "보고서 마감", "--deadline", "2026-11-19"], now: "2026-11-18T09:00:00Z")
        try pm.succeed(["add", "Finished long ago", "--deadline", "2026-11-19"], now: "2026-11-18T09:00:00Z")
        try pm.succeed(["add", "Ship it", "--deadline", "today"])
        try pm.succeed(["add", "Later", "--deadline", "+5d"])
        let done = try pm.succeed(["list", "--json"]).objects().first { $0["title"] as? String == "Finished long ago" }
        try pm.succeed(["move", try #require(done?["id"] as? String), "done"])
        return pm
    }

    @Test func eachDueCardIsNotifiedOnceAndDoneCardsNever() throws {
        // Given a board with two cards due (one overdue) and a desktop session
        let pm = try boardWithDeadlines()
        let daemon = try NotificationDaemon(folder: pm.folder.path)
        let session: [String: String?] = ["DBUS_SESSION_BUS_ADDRESS": daemon.address]
        // When pm remind runs once
        let first = try pm.succeed(["remind", "--once"], environment: session)
        // Then the daemon got exactly one notification per due card, titled by the card
        #expect(try daemon.summaries() == ["보고서 마감", "Ship it"])
        #expect(
            first.lines == ["Reminded: \"보고서 마감\" — Overdue since 2026-11-19", "Reminded: \"Ship it\" — Due today"])
        // And a second run sends nothing again
        let second = try pm.succeed(["remind", "--once"], environment: session)
        #expect(second.lines.isEmpty)
        #expect(try daemon.summaries().count == 2)
    }

    @Test func aMovedDeadlineRemindsAgainAndAWiderWindowReachesFurther() throws {
        let pm = try boardWithDeadlines()
        let daemon = try NotificationDaemon(folder: pm.folder.path)
        let session: [String: String?] = ["DBUS_SESSION_BUS_ADDRESS": daemon.address]
        try pm.succeed(["remind", "--once"], environment: session)
        // When "Ship it" moves to tomorrow and the window is two days
        let ship = try pm.succeed(["list", "--json"]).objects().first { $0["title"] as? String == "Ship it" }
        try pm.succeed(["edit", try #require(ship?["id"] as? String), "--deadline", "tomorrow"])
        try pm.succeed(["remind", "--once", "--before", "2d"], environment: session)
        // Then it is reminded of again, and "Later" (five days out) still is not
        #expect(try daemon.summaries() == ["보고서 마감", "Ship it", "Ship it"])
        try pm.succeed(["remind", "--once", "--before", "1w"], environment: session)
        #expect(try daemon.summaries().last == "Later")
    }

    @Test func aRunningRemindPicksUpACardAddedByAnotherProcess() throws {
        // Given pm remind running on an empty board
        let pm = try PMRunner()
        let daemon = try NotificationDaemon(folder: pm.folder.path)
        let remind = try pm.start(["remind"], environment: ["DBUS_SESSION_BUS_ADDRESS": daemon.address])
        defer {
            remind.process.terminate()
            remind.process.waitUntilExit()
        }
        try pm.succeed(["list"])
        // When another pm adds a card due today
        try pm.succeed(["add", "새 카드", "--deadline", "today"])
        // Then the running pm remind notifies of it within its poll
        var summaries: [String] = []
        for _ in 0..<100 where summaries.isEmpty {
            usleep(100_000)
            summaries = try daemon.summaries()
        }
        #expect(summaries == ["새 카드"])
        #expect(remind.process.isRunning)
    }

    @Test func withoutASessionBusItSaysSoAndExits1() throws {
        let pm = try boardWithDeadlines()
        let noBus: [String: String?] = ["DBUS_SESSION_BUS_ADDRESS": nil, "XDG_RUNTIME_DIR": pm.folder.path]
        let result = try pm.run(["remind", "--once"], environment: noBus)
        #expect(result.status == 1)
        #expect(result.stderr.contains("pm: no desktop session bus: DBUS_SESSION_BUS_ADDRESS is not set"))
        // And nothing was recorded as sent
        let daemon = try NotificationDaemon(folder: pm.folder.path)
        try pm.succeed(["remind", "--once"], environment: ["DBUS_SESSION_BUS_ADDRESS": daemon.address])
        #expect(try daemon.summaries().count == 2)
    }

    @Test func withoutNotifySendItSaysWhatToInstallAndExits1() throws {
        let pm = try boardWithDeadlines()
        let result = try pm.run(
            ["remind", "--once"],
            environment: ["PATH": pm.folder.path, "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "pm: notify-send was not found on PATH: install libnotify-bin (Debian, Ubuntu) or libnotify\n")
    }

    @Test func aWindowThatIsNotADurationIsRefusedNamingTheRule() throws {
        let pm = try boardWithDeadlines()
        let result = try pm.run(
            ["remind", "--once", "--before", "soon"],
            environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("soon"))
    }
}
