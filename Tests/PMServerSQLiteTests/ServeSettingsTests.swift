import Foundation
import PMTestSupport
import Testing

/// `serve`'s settings come from options, the environment and a file, in that order of
/// precedence; `pm-server config` says which won, and a bad value is refused naming it.
@Suite(.timeLimit(.minutes(1))) struct ServeSettingsTests {
    /// `pm-server config`'s line for `name`.
    static func line(_ name: String, in output: String) -> String? {
        output.split(separator: "\n").map(String.init).first { $0.hasPrefix(name + " ") }
    }

    @Test func anOptionBeatsTheEnvironmentWhichBeatsTheFile() throws {
        // Given a settings file, the environment, and an option, all setting the port
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        try FileManager.default.createDirectory(at: command.folder, withIntermediateDirectories: true)
        let file = command.folder.appendingPathComponent("pm-server.conf").path
        try "# the team's server\nport = 7000\nhost = 0.0.0.0\nsign-in-limit = 9\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        let environment = ["PM_SERVER_PORT": "8000", "PM_SERVER_SIGN_IN_LIMIT": "3"]

        // When the settings are printed with all three, then without the option, then with the file alone
        let all = try command.runWithout(
            database: ["config", "--config", file, "--port", "9000"], environment: environment)
        let noOption = try command.runWithout(database: ["config", "--config", file], environment: environment)
        let fileOnly = try command.runWithout(database: ["config"], environment: ["PM_SERVER_CONFIG": file])

        // Then each setting has the value of the strongest place that sets it, and says where from
        #expect(all.status == 0, "\(all.error)")
        #expect(Self.line("port", in: all.output)?.contains("9000  [command line]") == true)
        #expect(
            Self.line("sign-in-limit", in: all.output)?.contains("3  [environment PM_SERVER_SIGN_IN_LIMIT]") == true)
        #expect(Self.line("host", in: all.output)?.contains("0.0.0.0  [file \(file)]") == true)
        #expect(Self.line("log-level", in: all.output)?.contains("info  [default]") == true)
        #expect(Self.line("port", in: noOption.output)?.contains("8000  [environment PM_SERVER_PORT]") == true)
        #expect(Self.line("port", in: fileOnly.output)?.contains("7000  [file \(file)]") == true)
    }

    @Test func aPasswordInTheDatabaseURLIsMasked() throws {
        let result = try ServerCommand().runWithout(
            database: ["config"], environment: ["PM_SERVER_DATABASE": "postgres://pm:s3cret@127.0.0.1:5432/pm"])

        #expect(result.status == 0, "\(result.error)")
        #expect(!result.output.contains("s3cret"))
        #expect(Self.line("database", in: result.output)?.contains("postgres://pm:***@127.0.0.1:5432/pm") == true)
    }

    @Test func aBadValueFromTheEnvironmentIsRefusedNamingTheSettingAndWhereItWasSet() throws {
        let result = try ServerCommand().runWithout(database: ["serve"], environment: ["PM_SERVER_PORT": "70000"])

        #expect(result.status == 64)
        #expect(result.error.contains("--port must be 0–65535, got 70000"))
        #expect(result.error.contains("--port from PM_SERVER_PORT"))
    }

    @Test func anUnknownSettingInTheFileIsRefusedNamingItsLine() throws {
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        try FileManager.default.createDirectory(at: command.folder, withIntermediateDirectories: true)
        let file = command.folder.appendingPathComponent("pm-server.conf").path
        try "port = 7000\nprot = 7001\n".write(toFile: file, atomically: true, encoding: .utf8)

        let result = try command.runWithout(database: ["serve", "--config", file])

        #expect(result.status == 64)
        #expect(result.error.contains("\(file):2: unknown setting \"prot\""))
    }

    @Test func serveListensWhereTheEnvironmentSays() async throws {
        // Given a port chosen for the server, given only in the environment
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        let port = try ServerProcess.freePort()
        let process = Process()
        process.executableURL = ServerCommand.binary
        process.arguments = ["serve"]
        process.environment = ProcessInfo.processInfo.environment.merging([
            "PM_SERVER_PORT": "\(port)", "PM_SERVER_DATABASE": command.database,
        ]) { $1 }
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }

        // When it is asked for its health there, then it answers
        #expect(try await waitForHealth(port: port, isRunning: { process.isRunning }) == .healthy)
        #expect(FileManager.default.fileExists(atPath: command.database))
    }

    @Test func everyServeOptionCanBeSetOutsideTheCommandLine() throws {
        // Given the options serve's help lists
        let help = try ServerCommand().runWithout(database: ["serve", "--help"]).output
        let options = Set(help.matches(of: /--([a-z][a-z-]*)/).map { String($0.output.1) })

        // And the settings config prints (those read from the environment and the file)
        let config = try ServerCommand().runWithout(database: ["config"]).output
        let settings = Set(config.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) })

        // Then every option but help and the file itself is a setting
        #expect(options.subtracting(["help", "config", "version"]) == settings)
    }
}
