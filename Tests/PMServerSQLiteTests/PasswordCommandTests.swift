import Foundation
import PMServer
import PMServerSQLite
import PMSyncProtocol
import PMTestSupport
import Testing

@Suite struct PasswordCommandTests {
    @Test func givenAPasswordOnStdin_whenSet_thenItIsStoredAsBcryptAndSignsTheUserIn() async throws {
        // Given ada
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        _ = try command.run(["user", "add", "ada"])
        // When her password is piped in, with its newline
        let set = try command.run(["user", "password", "ada"], input: "correct horse\n")
        // Then it is stored as a bcrypt hash of the line without its newline, never in clear
        #expect(set.status == 0)
        #expect(set.output == "password set for ada\n")
        let repository = try SQLiteSyncRepository.open(path: command.database)
        let hash = try #require(try await repository.passwordHash(user: "ada"))
        #expect(hash.hasPrefix("$2b$\(PasswordHasher.defaultCost)$"))
        #expect(!hash.contains("correct horse"))
        let file = try Data(contentsOf: URL(fileURLWithPath: command.database))
        #expect(file.range(of: Data("correct horse".utf8)) == nil)
        let check = SignInCheck(repository: repository)
        #expect(try await check.user(named: "ada", secret: "correct horse") == "ada")
        #expect(try await check.user(named: "ada", secret: "correct horse\n") == nil)
    }

    @Test func givenANewPassword_whenSetAgain_thenOnlyTheNewOneSignsIn() async throws {
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        _ = try command.run(["user", "add", "ada"])
        _ = try command.run(["user", "password", "ada"], input: "correct horse\n")
        #expect(try command.run(["user", "password", "ada"], input: "battery staple").status == 0)
        let check = SignInCheck(repository: try SQLiteSyncRepository.open(path: command.database))
        #expect(try await check.user(named: "ada", secret: "correct horse") == nil)
        #expect(try await check.user(named: "ada", secret: "battery staple") == "ada")
    }

    @Test func givenABrowserSignedIn_whenThePasswordChanges_thenItsSessionEndsOnTheRunningServer() async throws {
        // Given a running server and a browser signed in with ada's password
        let server = try await SignInServer.start()
        defer { server.stop() }
        let signIn = try server.send(SignInServer.form(user: "ada", secret: "correct horse"), from: "127.0.0.1")
        let cookie = try #require(signIn.headers["set-cookie"]?.split(separator: ";").first.map(String.init))
        let session = LoopbackRequest("GET", "/v1/session", headers: [("Cookie", cookie)])
        #expect(try server.send(session, from: "127.0.0.1").status == 200)
        // When her password is changed
        #expect(try server.command.run(["user", "password", "ada"], input: "battery staple\n").status == 0)
        // Then the browser is signed out, and only the new password signs in
        #expect(try server.send(session, from: "127.0.0.1").status == 401)
        #expect(
            try server.send(SignInServer.form(user: "ada", secret: "correct horse"), from: "127.0.0.1").status == 401)
        #expect(
            try server.send(SignInServer.form(user: "ada", secret: "battery staple"), from: "127.0.0.1").status == 303)
    }

    @Test func givenATooShortPassword_whenSet_thenTheRuleIsNamedAndNothingChanges() async throws {
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        _ = try command.run(["user", "add", "ada"])
        _ = try command.run(["user", "password", "ada"], input: "correct horse\n")
        let refused = try command.run(["user", "password", "ada"], input: "short\n")
        #expect(refused.status != 0)
        #expect(refused.error.contains("a password must have 8 to 1000 characters; this one has 5"))
        let empty = try command.run(["user", "password", "ada"], input: "")
        #expect(empty.status != 0)
        #expect(empty.error.contains("no password on standard input"))
        let check = SignInCheck(repository: try SQLiteSyncRepository.open(path: command.database))
        #expect(try await check.user(named: "ada", secret: "correct horse") == "ada")
    }

    @Test func givenAnUnknownUser_whenSet_thenRefusedAndNothingIsStored() async throws {
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        _ = try command.run(["user", "add", "ada"])
        let refused = try command.run(["user", "password", "eve"], input: "correct horse\n")
        #expect(refused.status != 0)
        #expect(refused.error.contains("no user \"eve\""))
        let repository = try SQLiteSyncRepository.open(path: command.database)
        #expect(try await repository.passwordHash(user: "eve") == nil)
        #expect(try await repository.passwordHash(user: "ada") == nil)
    }
}
