import Foundation
import PMTestSupport
import Testing

/// The administrator's lists and removals on a real `pm-server`: who is there, who is on which
/// board, taking someone off a board, and a lost phone's token found and revoked without it.
@Suite(.serialized, .timeLimit(.minutes(2))) struct AdminCommandTests {
    @Test func givenATeamThenUsersBoardsAndMembersAreListedAndAMemberIsRemovedWithTheirFeedKey() throws {
        // Given ada and bob on team, bob on garden too, and a feed key of bob's for team
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        _ = try command.run(["user", "add", "ada"])
        _ = try command.run(["user", "add", "bob"])
        #expect(try command.run(["board", "add", "team", "--member", "ada", "--member", "bob"]).status == 0)
        #expect(try command.run(["board", "add", "garden", "--member", "bob"]).status == 0)
        #expect(try command.run(["feed", "add", "bob", "team"]).status == 0)

        // Then users, boards and members are listed one a line, in order
        #expect(try command.run(["user", "list"]).output == "ada\nbob\n")
        #expect(try command.run(["board", "list"]).output == "garden\nteam\n")
        #expect(try command.run(["board", "members", "team"]).output == "ada\nbob\n")
        // When bob is taken off team
        let removed = try command.run(["board", "remove", "team", "bob"])
        // Then he is no longer a member, his feed key for it is gone, and garden keeps him
        #expect(removed.status == 0)
        #expect(removed.output == "bob is no longer a member of team and 1 feed key revoked\n")
        #expect(try command.run(["board", "members", "team"]).output == "ada\n")
        #expect(try command.run(["board", "members", "garden"]).output == "bob\n")
        // And removing him again, or from an unknown board, is refused naming why
        let again = try command.run(["board", "remove", "team", "bob"])
        #expect(again.status != 0 && again.error.contains("\"bob\" is not a member of board \"team\""))
        let unknown = try command.run(["board", "members", "nowhere"])
        #expect(unknown.status != 0 && unknown.error.contains("no board \"nowhere\""))
    }

    @Test func givenALostPhoneThenItsTokenIsListedWithItsLastUseAndAllTokensAreRevoked() async throws {
        // Given ada with a token on her phone and one on her laptop, and a running server
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        let phone = try command.run(["user", "add", "ada"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let laptop = try command.run(["token", "add", "ada"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try command.run(["board", "add", "team", "--member", "ada"])
        let server = try ServerProcess(
            database: command.database, log: command.folder.appendingPathComponent("server.log").path)
        try await server.start()
        defer { server.stop() }
        // When the phone syncs
        #expect(try CredentialRestoreEndToEndTests.operations(token: phone, port: server.port).status == 200)

        // Then token list shows both prefixes, when each was made, and that only the phone was used
        let listed = try command.run(["token", "list", "ada"])
        #expect(listed.status == 0)
        let lines = listed.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("PREFIX") == true)
        let phoneLine = try #require(lines.first { $0.hasPrefix(String(phone.prefix(10))) })
        let laptopLine = try #require(lines.first { $0.hasPrefix(String(laptop.prefix(10))) })
        #expect(phoneLine.matches(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/).count == 2, "\(phoneLine)")
        #expect(laptopLine.hasSuffix("never"))

        // When every token of ada is revoked
        let revoked = try command.run(["token", "revoke-all", "ada"])
        // Then both are, and the running server refuses the phone's at once
        #expect(revoked.output == "revoked 2 tokens of ada\n")
        #expect(try CredentialRestoreEndToEndTests.operations(token: phone, port: server.port).status == 401)
        #expect(try command.run(["token", "list", "ada"]).output == "ada has no tokens\n")
    }
}
