import Foundation
import PMTestSupport
import Testing

/// A real `pm-server` restored from a backup taken before a token and a feed key were revoked
/// and a password replaced: the credential journal beside the database, which a backup does not
/// copy, makes `serve` re-apply them, so a restore never lets a revoked credential back in.
@Suite(.serialized, .timeLimit(.minutes(3))) struct CredentialRestoreEndToEndTests {
    @Test func givenARestoreFromABackupOlderThanARevocationThenServeStillRefusesTheRevokedCredentials() async throws {
        // Given ada with two tokens, a feed key and a password, and a backup of that database
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        let added = try command.run(["user", "add", "ada"])
        try #require(added.status == 0)
        let kept = added.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let lost = try command.run(["token", "add", "ada"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(try command.run(["user", "password", "ada"], input: "old password\n").status == 0)
        try #require(try command.run(["board", "add", "team", "--member", "ada"]).status == 0)
        let feed = try command.run(["feed", "add", "ada", "team"]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let copy = command.folder.appendingPathComponent("backup.sqlite").path
        try #require(try command.run(["backup", copy]).status == 0)

        // When the lost phone's token and the feed key are revoked and the password replaced
        try #require(try command.run(["token", "revoke", String(lost.prefix(10))]).status == 0)
        let feedKey = String(feed.split(separator: "=").last ?? "")
        try #require(try command.run(["feed", "revoke", String(feedKey.prefix(10))]).status == 0)
        try #require(try command.run(["user", "password", "ada"], input: "new password\n").status == 0)
        // And the database is restored from the backup, as backup --help says
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: command.database + suffix) }
        try FileManager.default.copyItem(atPath: copy, toPath: command.database)
        let server = try ServerProcess(
            database: command.database, log: command.folder.appendingPathComponent("server.log").path)
        try await server.start()
        defer { server.stop() }

        // Then the revoked token and feed key are refused and the kept token works
        #expect(try Self.operations(token: lost, port: server.port).status == 401)
        #expect(try Self.operations(token: kept, port: server.port).status == 200)
        #expect(try LoopbackRequest("GET", feed).send(port: server.port).status != 200)
        // And the new password signs ada in, the old one does not
        #expect(try SignInServer.form(user: "ada", secret: "new password").send(port: server.port).status == 303)
        #expect(try SignInServer.form(user: "ada", secret: "old password").send(port: server.port).status == 401)
        // And serve said it re-applied them
        #expect(server.log.contains("re-applied revocations and password changes"))
    }

    @Test func theCredentialJournalIsOwnerOnlyAndNotInTheBackup() throws {
        // Given a revoked token
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        let token = try command.run(["user", "add", "ada"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(try command.run(["token", "revoke", String(token.prefix(10))]).status == 0)

        // Then the journal beside the database is readable by its owner only
        let journal = command.database + ".credentials"
        let mode = try FileManager.default.attributesOfItem(atPath: journal)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // And backup --help says what a restore rolls back and what it keeps
        let help = try command.runWithout(database: ["backup", "--help"]).output
        #expect(help.contains("rolls back"))
        #expect(help.contains(".credentials"))
    }

    static func operations(token: String, port: Int) throws -> LoopbackRequest.Answer {
        try LoopbackRequest("GET", "/v1/boards/team/operations", headers: [("Authorization", "Bearer \(token)")])
            .send(port: port)
    }
}
