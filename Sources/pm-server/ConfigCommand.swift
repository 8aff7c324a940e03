import ArgumentParser
import Foundation

/// `pm-server config`: the settings `serve` would run with, each with where it came from
/// (``ServeSettings``), secrets masked. A bad value is refused as `serve` would refuse it.
struct ConfigCommand: StartedCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Print the settings serve would use and where each comes from (option, environment, file).",
        discussion: """
            Every serve option can also be set in the environment (--sign-in-limit is \
            PM_SERVER_SIGN_IN_LIMIT) or in the file --config FILE (or PM_SERVER_CONFIG) names, one \
            "name = value" a line; an option beats the environment, which beats the file.
            Example: PM_SERVER_PORT=9090 pm-server config --config /etc/pm-server/pm-server.conf
            """)

    /// The options `serve` takes, checked as `serve` checks them.
    @OptionGroup var serve: Serve

    func run(_ startUp: StartUp) async throws {
        // The command line as typed (the entry point added the settings from elsewhere to it).
        let settings = try ServeSettings(
            arguments: Array(CommandLine.arguments.dropFirst(2)), variables: startUp.variables,
            readFile: { try String(contentsOfFile: $0, encoding: .utf8) })
        let effective = serve.settingValues
        let width = ServeSettings.names.map(\.count).max() ?? 0
        for setting in settings.settings {
            let value = effective[setting.name] ?? setting.value ?? ""
            let shown = ServeSettings.secretNames.contains(setting.name) ? Self.masked(value) : value
            let name = setting.name.padding(toLength: width, withPad: " ", startingAt: 0)
            print("\(name)  \(shown.isEmpty ? "(none)" : shown)  [\(Self.describe(setting.source))]")
        }
    }

    private static func describe(_ source: ServeSettings.Source) -> String {
        switch source {
        case .commandLine: "command line"
        case .environment(let variable): "environment \(variable)"
        case .file(let path): "file \(path)"
        case .builtIn: "default"
        }
    }

    /// A PostgreSQL URL without its password (a SQLite path has none).
    static func masked(_ value: String) -> String {
        guard var components = URLComponents(string: value), components.password != nil else { return value }
        components.password = "***"
        return components.string ?? value
    }
}
