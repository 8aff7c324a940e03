import Foundation
import PMServer
import PMServerSQLite
import PMSyncProtocol
import Testing

/// Runs the built `pm-server` binary on a database in a fresh folder.
struct ServerCommand {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pm-server-cli-\(UUID().uuidString)")
    var database: String { folder.appendingPathComponent("pm-server.sqlite").path }

    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    /// Runs `pm-server` with `arguments`, and `input` as its standard input when given.
    func run(_ arguments: [String], input: String? = nil) throws -> Result {
        try runWithout(database: arguments + ["--database", database], input: input)
    }

    /// Runs `pm-server` with `arguments` alone, without this folder's `--database`, with
    /// `environment` added to this process's variables.
    func runWithout(
        database arguments: [String], input: String? = nil, environment: [String: String] = [:]
    ) throws -> Result {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        let stdin = Pipe()
        if input != nil { process.standardInput = stdin }
        try process.run()
        if let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
            error: String(decoding: err, as: UTF8.self))
    }

    /// The binary built next to the test bundle.
    static let binary: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("pm-server")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        fatalError("cannot find the pm-server binary near \(CommandLine.arguments[0])")
    }()
}

@Suite struct ServerCommandTests {
    @Test func userAddPrintsATokenThatSignsTheUserIn() async throws {
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        let added = try command.run(["user", "add", "ada"])
        #expect(added.status == 0)
        let token = AccessToken(added.output.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(token.description.hasPrefix("pm_") && token.description.count == 43)
        let repository = try SQLiteSyncRepository.open(path: command.database)
        #expect(try await repository.tokens(prefix: token.prefix).contains(where: token.matches))
    }

    @Test func boardAddAndGrantMakeMembers() async throws {
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        _ = try command.run(["user", "add", "ada"])
        _ = try command.run(["user", "add", "bob"])
        #expect(try command.run(["board", "add", "team", "--member", "ada"]).status == 0)
        #expect(try command.run(["board", "grant", "team", "bob"]).status == 0)
        let repository = try SQLiteSyncRepository.open(path: command.database)
        #expect(try await repository.isMember(board: "team", user: "ada"))
        #expect(try await repository.isMember(board: "team", user: "bob"))
    }

    @Test func revokedTokenNoLongerSignsIn() async throws {
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        _ = try command.run(["user", "add", "ada"])
        let token = AccessToken(try command.run(["token", "add", "ada"]).output.trimmingCharacters(in: .newlines))
        let revoked = try command.run(["token", "revoke", String(token.description.prefix(10))])
        #expect(revoked.status == 0)
        let repository = try SQLiteSyncRepository.open(path: command.database)
        #expect(try await repository.tokens(prefix: token.prefix).isEmpty)
    }

    @Test func givenNoDatabaseOptionWhenAUserIsAddedThenTheFileIsInTheDataFolderPmUses() async throws {
        // Given an XDG data folder of its own and no --database
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        let process = Process()
        process.executableURL = ServerCommand.binary
        process.arguments = ["user", "add", "ada"]
        process.environment = ["XDG_DATA_HOME": command.folder.path, "HOME": "/nonexistent"]
        process.standardOutput = Pipe()
        // When a user is added
        try process.run()
        process.waitUntilExit()
        // Then the server's file is in the same projectmanager folder as pm's projects.sqlite
        #expect(process.terminationStatus == 0)
        let path = command.folder.appendingPathComponent("projectmanager/pm-server.sqlite").path
        #expect(FileManager.default.fileExists(atPath: path))
        let repository = try SQLiteSyncRepository.open(path: path)
        await #expect(throws: SyncRepositoryError.userExists("ada")) { try await repository.addUser(name: "ada") }
    }

    @Test func refusedCommandsExitNonZeroWithAMessage() throws {
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        _ = try command.run(["user", "add", "ada"])
        let again = try command.run(["user", "add", "ada"])
        #expect(again.status != 0)
        #expect(again.error.contains("user \"ada\" exists already"))
        for name in ["a/b", "우리팀", "", String(repeating: "x", count: 65)] {
            let badName = try command.run(["board", "add", name])
            #expect(badName.status != 0)
            #expect(badName.error.contains("a board name must be 1–64 characters of A-Z, a-z, 0-9"), "\(badName.error)")
        }
        #expect(try command.run(["board", "add", String(repeating: "x", count: 64)]).status == 0)
        #expect(try command.run(["board", "grant", "nowhere", "ada"]).error.contains("no board \"nowhere\""))
    }
}
