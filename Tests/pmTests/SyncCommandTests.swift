import Foundation
import PMTestSupport
import Testing

/// `pm remote`, `pm sync` and `pm status` on their own: no server, or one that cannot be reached.
@Suite struct SyncCommandTests {
    static let token = "pm_0123456789abcdef0123456789abcdef01234567"

    @Test func theTokenIsKeptButNeverPrinted() throws {
        // Given a remote set with a token on the command line
        let pm = try PMRunner()
        let set = try pm.succeed(["remote", "set", "https://pm.example.com/", "--board", "team", "--token", Self.token])

        // When the remote is shown, as text and as JSON
        let text = try pm.succeed(["remote", "show"])
        let json = try pm.succeed(["remote", "show", "--json"]).object()
        let status = try pm.run(["status", "--json"])

        // Then every output names the server and board, and shows the token only by its start
        #expect(text.stdout.contains("URL: https://pm.example.com") && text.stdout.contains("Board: team"))
        #expect(text.stdout.contains("Token: pm_0123…"))
        #expect(json["url"] as? String == "https://pm.example.com" && json["board"] as? String == "team")
        #expect(json["token"] as? String == "pm_0123…")
        #expect(json["caFile"] is NSNull)
        for output in [set.stdout, set.stderr, text.stdout, text.stderr, status.stdout, status.stderr] {
            #expect(!output.contains(Self.token) && !output.contains("0123456789abcdef01234567"))
        }
    }

    @Test func theTokenCanComeFromStdinOrTheEnvironment() throws {
        // Given two boards, one given the token on stdin and one through $PM_TOKEN
        let fromStdin = try PMRunner()
        let fromEnvironment = try PMRunner()

        // When each sets its remote
        let piped = try fromStdin.succeed(
            ["remote", "set", "http://127.0.0.1:8080", "--board", "team", "--token", "-"], stdin: Self.token + "\n")
        try fromEnvironment.succeed(
            ["remote", "set", "http://127.0.0.1:8080", "--board", "team"], environment: ["PM_TOKEN": Self.token])

        // Then both keep it, and neither prints it
        #expect(!piped.stdout.contains(Self.token))
        for pm in [fromStdin, fromEnvironment] {
            #expect(try pm.succeed(["remote", "show", "--json"]).object()["token"] as? String == "pm_0123…")
        }
    }

    @Test func aRemoteWithoutATokenIsAUsageError() throws {
        let pm = try PMRunner()
        let result = try pm.run(
            ["remote", "set", "http://127.0.0.1:8080", "--board", "team"], environment: ["PM_TOKEN": nil])
        #expect(result.status == 64)
        #expect(result.stderr.contains("a token is needed"))
        #expect(try pm.succeed(["remote", "show", "--json"]).stdout == "null\n")
    }

    @Test(arguments: [
        "ftp://pm.example.com", "pm.example.com", "http://", "https://user:pw@pm.example.com", "nonsense",
    ])
    func aURLThatIsNotAServersIsRefusedAndNothingIsStored(url: String) throws {
        // Given a board without a remote
        let pm = try PMRunner()

        // When a remote is set with an address that is not http(s) with a host
        let result = try pm.run(["remote", "set", url, "--board", "team", "--token", Self.token])

        // Then it is a usage error that names the rule, and no remote is kept
        #expect(result.status == 64)
        #expect(result.stderr.contains("http:// or https://"), "\(result.stderr)")
        #expect(try pm.succeed(["remote", "show", "--json"]).stdout == "null\n")
    }

    @Test(arguments: [" ", "우리 팀", "team/board", "a b", String(repeating: "x", count: 65)])
    func aBoardNameNoServerAcceptsIsRefusedNamingTheRule(board: String) throws {
        // Given a board without a remote
        let pm = try PMRunner()

        // When a remote is set with a board name pm-server would never have made
        let result = try pm.run(["remote", "set", "http://127.0.0.1:8080", "--board", board, "--token", Self.token])

        // Then it is refused now, naming the rule, rather than at the first sync, and nothing is kept
        #expect(result.status == 64)
        #expect(result.stderr.contains("1–64 characters of A-Z, a-z, 0-9"), "\(result.stderr)")
        #expect(try pm.succeed(["remote", "show"]).stdout.contains("No remote set"))
    }

    @Test func removingTheRemoteKeepsEveryCard() throws {
        // Given a board with a card and a remote
        let pm = try PMRunner()
        let card = try pm.add("Keep me")
        try pm.succeed(["remote", "set", "http://127.0.0.1:9", "--board", "team", "--token", Self.token])

        // When the remote is removed
        let removed = try pm.succeed(["remote", "remove"])

        // Then the card is still there and no remote is left
        #expect(removed.stdout.contains("every change stays on this device"))
        #expect(try pm.cards().map(\.id) == [card.id])
        #expect(try pm.succeed(["remote", "show"]).stdout.contains("No remote set"))
        #expect(try pm.succeed(["status", "--json"]).object()["state"] as? String == "local")
    }

    @Test func statusWithoutARemoteCountsTheLocalChanges() throws {
        // Given two cards on a board that never synced
        let pm = try PMRunner()
        _ = try pm.add("One")
        _ = try pm.add("Two")

        // When the status is asked for
        let text = try pm.succeed(["status"])
        let json = try pm.succeed(["status", "--json"]).object()

        // Then it says the board is local only, with both changes not synced
        #expect(text.stdout.hasPrefix("Local only: 2 changes not synced"))
        #expect(json["state"] as? String == "local" && json["pending"] as? Int == 2)
        #expect(json["remote"] is NSNull && json["lastSyncAt"] is NSNull && json["toReceive"] is NSNull)
        #expect(Set(json.keys) == ["state", "pending", "toReceive", "joining", "lastSyncAt", "lastError", "remote"])
        #expect(json["joining"] as? Bool == false)
    }

    @Test func syncWithoutARemoteSaysHowToSetOne() throws {
        let pm = try PMRunner()
        let result = try pm.run(["sync"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no remote set: pm remote set URL --board BOARD --token TOKEN"))
    }

    @Test func syncWithTheServerUnreachableFailsAndKeepsTheChanges() throws {
        // Given a board whose remote is a port nobody listens on, and two changes made offline
        let pm = try PMRunner()
        let port = try ServerProcess.freePort()
        try pm.succeed(["remote", "set", "http://127.0.0.1:\(port)", "--board", "team", "--token", Self.token])
        let card = try pm.add("Offline one")
        let moved = try pm.run(["move", card.id, "doing"])

        // When the board syncs
        let sync = try pm.run(["sync"])
        let status = try pm.succeed(["status", "--json"]).object()
        let text = try pm.succeed(["status"]).stdout

        // Then the changes themselves succeeded, each saying that it waits, the sync failed with
        // exit 4 saying the changes are kept, and the status shows the board offline with both waiting
        #expect(moved.status == 0 && moved.stderr.hasPrefix("pm: 2 changes waiting on this device, not sent yet"))
        #expect(moved.stderr.contains("cannot be reached"), "\(moved.stderr)")
        #expect(sync.status == 4)
        #expect(sync.stderr.contains("cannot be reached") && sync.stderr.contains("2 changes kept"), "\(sync.stderr)")
        #expect(status["state"] as? String == "offline" && status["pending"] as? Int == 2)
        #expect(status["lastError"] is String && status["lastSyncAt"] is NSNull)
        #expect(text.contains("State: offline") && text.contains("Pending: 2 changes to send"))
        #expect(text.contains("Last sync: never"))
        #expect(try pm.cards().map(\.status) == ["doing"])
    }
}
