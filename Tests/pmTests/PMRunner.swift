import Foundation
import PMTestSupport
import Testing

/// Runs the real `pm` binary in a folder of its own, with a pinned clock, UTC and no colour,
/// capturing what it prints and how it exits.
struct PMRunner: Sendable {
    /// The day most tests stand on.
    static let defaultNow = "2026-11-21T09:00:00Z"

    let folder: TemporaryFolder
    /// Variables every run gets; a run's own `environment` adds to them or (with `nil`) removes them.
    var environment: [String: String]

    init(now: String = Self.defaultNow) throws {
        folder = try TemporaryFolder(prefix: "pmTests")
        environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": folder.path + "/home",
            "TZ": "UTC",
            "NO_COLOR": "1",
            "PM_NOW": now,
            "PM_DATABASE": folder.path + "/projects.sqlite",
        ]
    }

    /// The database the runs use unless told otherwise.
    var databasePath: String { folder.path + "/projects.sqlite" }

    /// A path inside this runner's folder.
    func path(_ name: String) -> String { folder.path + "/" + name }

    /// Runs `pm` (or another program) with `arguments` and waits for it.
    func run(
        _ arguments: [String], now: String? = nil, environment overrides: [String: String?] = [:],
        stdin: String? = nil, executable: URL = Self.binary
    ) throws -> PMResult {
        let process = try start(arguments, now: now, environment: overrides, stdin: stdin, executable: executable)
        process.process.waitUntilExit()
        return try process.result()
    }

    /// Runs `pm` and requires it to succeed, recording its stderr when it does not.
    @discardableResult
    func succeed(
        _ arguments: [String], now: String? = nil, environment overrides: [String: String?] = [:],
        stdin: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> PMResult {
        let result = try run(arguments, now: now, environment: overrides, stdin: stdin)
        try #require(
            result.status == 0, "pm \(arguments.joined(separator: " ")) failed: \(result.stderr)",
            sourceLocation: sourceLocation)
        return result
    }

    /// Starts `pm` without waiting, for tests that kill it.
    func start(
        _ arguments: [String], now: String? = nil, environment overrides: [String: String?] = [:],
        stdin: String? = nil, executable: URL = Self.binary
    ) throws -> RunningPM {
        var variables = environment
        if let now { variables["PM_NOW"] = now }
        for (name, value) in overrides { variables[name] = value }
        let name = ProcessInfo.processInfo.globallyUniqueString
        let outURL = URL(fileURLWithPath: path("\(name).out"))
        let errURL = URL(fileURLWithPath: path("\(name).err"))
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = variables
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        // Files rather than pipes: stdout is then not a terminal, and large output cannot block.
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        if let stdin {
            let inURL = URL(fileURLWithPath: path("\(name).in"))
            try Data(stdin.utf8).write(to: inURL)
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        return RunningPM(process: process, stdout: outURL, stderr: errURL)
    }

    /// The `pm` binary: `$PM_BINARY`, else the one built next to the test bundle.
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["PM_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        var folders = [URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()]
        folders.append(Bundle.main.bundleURL)
        for start in folders {
            var folder = start.deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = folder.appendingPathComponent("pm")
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue,
                    FileManager.default.isExecutableFile(atPath: candidate.path)
                {
                    return candidate
                }
                folder = folder.deletingLastPathComponent()
            }
        }
        fatalError("cannot find the pm binary next to \(folders); set PM_BINARY")
    }()
}

/// A `pm` process started by ``PMRunner/start(_:now:environment:stdin:executable:)``.
struct RunningPM {
    let process: Process
    let stdout: URL
    let stderr: URL

    /// What it printed and how it ended; call after it exited.
    func result() throws -> PMResult {
        PMResult(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: stdout), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: stderr), as: UTF8.self))
    }
}

/// How a run of `pm` ended.
struct PMResult {
    /// The exit status (the signal number when killed).
    let status: Int32
    let stdout: String
    let stderr: String

    /// The lines printed on stdout.
    var lines: [String] {
        stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }

    /// Stdout read as a JSON object.
    func object() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any], "\(stdout)")
    }

    /// Stdout read as a JSON array of objects.
    func objects() throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [[String: Any]], "\(stdout)")
    }
}
