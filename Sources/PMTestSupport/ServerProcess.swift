public import Foundation

/// A real `pm-server serve` process on a free loopback port, for tests across processes: start
/// it, kill it with SIGKILL, start it again on the same port and database.
public final class ServerProcess: @unchecked Sendable {
    /// The `pm-server` binary.
    public let binary: URL
    /// The arguments `serve` runs with.
    public let arguments: [String]
    /// Where both output streams of every start are appended.
    public let logPath: String
    /// Variables set for the process on top of this one's (`PM_NOW` pins its clock).
    public let environment: [String: String]
    /// The port it listens on.
    public let port: Int
    private let lock = NSLock()
    private var process: Process?

    /// A server on `database` (a file or a `postgres://` URL), logging to `log`, with further
    /// `serve` options and `environment` variables; not started.
    public init(
        binary: URL = ServerProcess.builtBinary, database: String, log: String, options: [String] = [],
        environment: [String: String] = [:]
    ) throws {
        self.binary = binary
        self.port = try Self.freePort()
        self.arguments = ["serve", "--port", "\(port)", "--database", database] + options
        self.environment = environment
        self.logPath = log
        _ = FileManager.default.createFile(atPath: log, contents: nil)
    }

    /// The running process's id, to set its limits (`prlimit`); `nil` before the first start.
    public var processIdentifier: Int32? { lock.withLock { process?.processIdentifier } }

    /// `http://127.0.0.1:PORT`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// What the server processes have logged so far.
    public var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Why the server could not be started.
    public struct StartFailure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Starts the server and waits until it answers `/health`.
    public func start() async throws {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        try log.seekToEnd()
        process.standardOutput = log
        process.standardError = log
        try process.run()
        try? log.close()
        lock.withLock { self.process = process }

        switch try await waitForHealth(port: port, isRunning: { process.isRunning }) {
        case .healthy: return
        case .exited: throw StartFailure(description: "pm-server exited while starting: \(self.log)")
        case .timedOut: throw StartFailure(description: "pm-server did not answer /health within 20 s: \(self.log)")
        }
    }

    /// Sends SIGKILL and waits until the process is gone; answers whether the signal ended it.
    public func kill() async -> Bool {
        guard let process = lock.withLock({ self.process }) else { return false }
        _ = Foundation.kill(process.processIdentifier, SIGKILL)
        while process.isRunning {
            try? await Task.sleep(for: .milliseconds(2))
        }
        return process.terminationReason == .uncaughtSignal
    }

    /// Sends SIGTERM (a graceful stop) and waits for the exit; answers the exit status.
    public func terminate() -> Int32? {
        guard let process = lock.withLock({ self.process }), process.isRunning else { return nil }
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Kills the server, if it runs, and reaps it.
    public func stop() {
        guard let process = lock.withLock({ self.process }) else { return }
        if process.isRunning {
            _ = Foundation.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    deinit { stop() }

    /// Runs `pm-server` with `arguments` to the end: its status and standard output (standard
    /// error instead, `readingErrors`; the other stream is dropped).
    public static func run(
        _ arguments: [String], binary: URL = builtBinary, readingErrors: Bool = false
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = readingErrors ? FileHandle.nullDevice : output
        process.standardError = readingErrors ? output : FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Makes user `user` (printing its token, returned) and board `board` with them as member.
    public static func addMember(_ user: String, board: String, database: String) throws -> String {
        let added = try run(["user", "add", user, "--database", database])
        guard added.status == 0 else { throw StartFailure(description: "user add failed: \(added.output)") }
        let made = try run(["board", "add", board, "--member", user, "--database", database])
        guard made.status == 0 else { throw StartFailure(description: "board add failed: \(made.output)") }
        return added.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The `pm-server` binary built next to the test bundle.
    public static let builtBinary: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("pm-server")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        fatalError("cannot find the pm-server binary near \(CommandLine.arguments[0])")
    }()

    /// A loopback port nobody listens on: the one the kernel picks for port 0.
    public static func freePort() throws -> Int {
        #if canImport(Glibc)
        let stream = Int32(SOCK_STREAM.rawValue)
        #else
        let stream = SOCK_STREAM
        #endif
        let socket = Foundation.socket(AF_INET, stream, 0)
        guard socket >= 0 else { throw StartFailure(description: "socket: errno \(errno)") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(socket, address, length) == 0 && getsockname(socket, address, &length) == 0
            }
        }
        guard bound else { throw StartFailure(description: "bind: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
