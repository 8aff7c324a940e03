import Foundation

/// `serve`'s settings from three places, the way services are configured: an option on the
/// command line beats the same setting in the environment (`--sign-in-limit` is
/// `PM_SERVER_SIGN_IN_LIMIT`), which beats a line of the file `--config FILE` names
/// (`sign-in-limit = 10`). The settings found are handed to the argument parser as options,
/// so every one is checked by the same rules and messages as when it is typed.
struct ServeSettings {
    /// Where a setting's value came from.
    enum Source: Hashable, Sendable {
        case commandLine
        case environment(String)
        case file(String)
        case builtIn
    }

    /// One setting: its name (as the option, without `--`), value, and where it came from.
    struct Setting: Hashable, Sendable {
        var name: String
        var value: String?
        var source: Source
    }

    /// Every option `serve` takes, by name: the one list the environment and the file are read for
    /// (a test checks it against `serve --help`).
    static let names = [
        "host", "port", "log-level", "sign-in-limit", "clock-skew", "request-timeout", "live-connections-per-user",
        "live-connections-per-address", "database", "public-url", "allowed-hosts", "trusted-proxies", "tls-certificate",
        "tls-key", "push-contact", "push-time-zone", "push-endpoint-schemes",
    ]

    /// Names whose values are secret: printed masked by `pm-server config`.
    static let secretNames: Set<String> = ["database"]

    /// What was found, in ``names`` order.
    let settings: [Setting]
    /// The file read, if any.
    let file: String?

    /// Reads `arguments` (`serve`'s own, after the subcommand), `variables` and the file that
    /// `--config` or `PM_SERVER_CONFIG` names.
    init(arguments: [String], variables: [String: String], readFile: (String) throws -> String) throws {
        let typed = Self.typedNames(arguments)
        let file = Self.value(of: "config", in: arguments) ?? variables["PM_SERVER_CONFIG"]
        let lines = try file.map { path in try Self.parse(try readFile(path), path: path) } ?? [:]
        self.file = file
        settings = Self.names.map { name in
            if typed.contains(name) {
                return Setting(name: name, value: Self.value(of: name, in: arguments), source: .commandLine)
            }
            let variable = Self.variable(for: name)
            if let value = variables[variable] {
                return Setting(name: name, value: value, source: .environment(variable))
            }
            if let value = lines[name], let file { return Setting(name: name, value: value, source: .file(file)) }
            return Setting(name: name, value: nil, source: .builtIn)
        }
    }

    /// `arguments` with every setting found outside the command line added as an option.
    func arguments(adding arguments: [String]) -> [String] {
        arguments
            + settings.flatMap { setting -> [String] in
                guard setting.source != .commandLine, setting.source != .builtIn, let value = setting.value else {
                    return []
                }
                return ["--\(setting.name)", value]
            }
    }

    /// Which settings were not typed, for a failure's message: `nil` when all were.
    var note: String? {
        let outside = settings.compactMap { setting -> String? in
            switch setting.source {
            case .environment(let variable): "--\(setting.name) from \(variable)"
            case .file(let path): "--\(setting.name) from \(path)"
            case .commandLine, .builtIn: nil
            }
        }
        return outside.isEmpty ? nil : "settings not typed on the command line: " + outside.joined(separator: ", ")
    }

    /// `PM_SERVER_SIGN_IN_LIMIT` for `sign-in-limit`.
    static func variable(for name: String) -> String {
        "PM_SERVER_" + name.uppercased().replacingOccurrences(of: "-", with: "_")
    }

    /// The file's settings: `name = value` lines; blank lines and `#` comments are skipped.
    static func parse(_ text: String, path: String) throws -> [String: String] {
        var settings: [String: String] = [:]
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = line.trimmingCharacters(in: .whitespaces)
            if content.isEmpty || content.hasPrefix("#") { continue }
            let parts = content.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty else {
                throw SettingsError("\(path):\(number + 1): a line must be \"name = value\", got \"\(content)\"")
            }
            guard names.contains(parts[0]) else {
                throw SettingsError(
                    "\(path):\(number + 1): unknown setting \"\(parts[0])\"; the settings are \(names.joined(separator: ", "))"
                )
            }
            settings[parts[0]] =
                parts[1].count >= 2 && parts[1].hasPrefix("\"") && parts[1].hasSuffix("\"")
                ? String(parts[1].dropFirst().dropLast()) : parts[1]
        }
        return settings
    }

    /// The names of the options typed in `arguments` (`--port 80` and `--port=80` alike).
    private static func typedNames(_ arguments: [String]) -> Set<String> {
        Set(
            arguments.compactMap { argument in
                guard argument.hasPrefix("--") else { return nil }
                return String(argument.dropFirst(2).split(separator: "=", maxSplits: 1).first ?? "")
            })
    }

    /// The value typed for `--name` in `arguments`, the last one when typed more than once.
    private static func value(of name: String, in arguments: [String]) -> String? {
        var found: String?
        for (index, argument) in arguments.enumerated() {
            if argument == "--\(name)", index + 1 < arguments.count {
                found = arguments[index + 1]
            } else if argument.hasPrefix("--\(name)=") {
                found = String(argument.dropFirst(name.count + 3))
            }
        }
        return found
    }
}

/// A settings file that cannot be used, with the line and the rule it broke.
struct SettingsError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
