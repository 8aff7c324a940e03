import Foundation
import Testing

@Suite struct ServerStartUpTests {
    @Test func givenAPinnedTimeThatIsNoInstantWhenPmServerStartsThenItRefusesNamingTheRuleAndWritesNothing() throws {
        // Given a PM_NOW that is not an ISO 8601 instant (pm-server reads it as pm does)
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        let process = Process()
        process.executableURL = ServerCommand.binary
        process.arguments = ["user", "add", "ada", "--database", command.database]
        process.environment = ProcessInfo.processInfo.environment.merging(["PM_NOW": "yesterday"]) { $1 }
        let error = Pipe()
        process.standardError = error
        process.standardOutput = Pipe()
        // When a command is run
        try process.run()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // Then it fails with the rule, and no database was made
        #expect(process.terminationStatus != 0)
        #expect(message.contains("PM_NOW must be an ISO 8601 instant"))
        #expect(message.contains("\"yesterday\""))
        #expect(!FileManager.default.fileExists(atPath: command.database))
    }
}
