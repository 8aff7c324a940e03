import Foundation
import PMTestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A real `pm-server serve` on a fresh SQLite file, with user `ada` (whose token is the CalDAV
/// app password) a member of board `team`.
struct CalDAVServer {
    let process: Process
    let folder: URL
    let token: String
    let url: String

    var log: String { (try? String(contentsOf: folder.appendingPathComponent("server.log"), encoding: .utf8)) ?? "" }

    /// The server on `host` (a loopback address) and a free port, once it answers `/health`.
    static func start(host: String = "127.0.0.1") async throws -> CalDAVServer {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pm-dav-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let database = folder.appendingPathComponent("server.sqlite").path
        let token = try ServerProcess.addMember("ada", board: "team", database: database)
        let port = try ServerProcess.freePort()
        let logPath = folder.appendingPathComponent("server.log").path
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let process = Process()
        process.executableURL = ServerProcess.builtBinary
        process.arguments = ["serve", "--host", host, "--port", "\(port)", "--database", database]
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        process.standardOutput = log
        process.standardError = log
        try process.run()
        let server = CalDAVServer(process: process, folder: folder, token: token, url: "http://\(host):\(port)")
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: URL(string: server.url + "/health")!)
        request.timeoutInterval = 1
        for _ in 0..<400 {
            guard process.isRunning else { break }
            if let (_, response) = try? await session.data(for: request),
                (response as? HTTPURLResponse)?.statusCode == 200
            {
                return server
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        server.stop()
        throw StartFailure(description: "pm-server did not start: \(server.log)")
    }

    struct StartFailure: Error, CustomStringConvertible {
        var description: String
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// The board's operations as a `pm` device pulls them.
    func operations() async throws -> [[String: Any]] {
        let json = try await get("/v1/boards/team/operations")
        return json["operations"] as? [[String: Any]] ?? []
    }

    /// The board's cards as a `pm` device reads them.
    func cards() async throws -> [[String: Any]] {
        let json = try await get("/v1/boards/team/projects")
        return json["projects"] as? [[String: Any]] ?? []
    }

    private func get(_ path: String) async throws -> [String: Any] {
        var request = URLRequest(url: URL(string: url + path)!)
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, _) = try await session.data(for: request)
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// Runs `executable` with `arguments` to the end: status, standard output and error.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (
        status: Int32, output: String, error: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        // Standard error goes to a file: two pipes read one after the other could block the child.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("pm-dav-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let error = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), error)
    }
}
