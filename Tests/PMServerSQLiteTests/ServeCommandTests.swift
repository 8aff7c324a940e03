import Foundation
import PMTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct ServeCommandTests {
    @Test func serveAnswersHealthAndStopsCleanlyOnSIGTERM() async throws {
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        // A port free now, not one derived from the pid, which lies in the range the system hands
        // other tests' sockets: once, in a clean-clone run, the request to it was refused.
        let port = try ServerProcess.freePort()
        let process = Process()
        process.executableURL = ServerCommand.binary
        process.arguments = ["serve", "--port", "\(port)", "--database", command.database]
        let log = Pipe()
        process.standardOutput = log
        process.standardError = log
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        // The server logs once it listens; read until then (or until it exits).
        var logged = ""
        while !logged.contains("listening on") {
            let chunk = log.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            logged += String(decoding: chunk, as: UTF8.self)
        }
        try #require(logged.contains("listening on"), "serve did not listen: \(logged)")
        let url = URL(string: "http://127.0.0.1:\(port)/health")!
        let (data, _) = try await URLSession.shared.data(from: url)
        #expect(String(decoding: data, as: UTF8.self) == #"{"status":"ok"}"#)

        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }
}
