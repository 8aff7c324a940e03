import Foundation
import HTTPTypes
import HummingbirdWSClient
import Logging
import NIOWebSocket
import PMSyncProtocol
import PMTestSupport

/// Two `pm-server` processes on one database: one whose live connection a test follows, one it
/// pushes through, so that what reaches the first came through the database (LISTEN/NOTIFY).
struct ServerPair {
    let listening: ServerProcess
    let pushing: ServerProcess

    /// Runs `body` with both servers started on `database`, logging into a folder of their own;
    /// both are stopped and the folder removed afterwards.
    static func with<Result>(database: String, _ body: (ServerPair) async throws -> Result) async throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pm-servers-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pair = ServerPair(
            listening: try ServerProcess(database: database, log: folder.appendingPathComponent("a.log").path),
            pushing: try ServerProcess(database: database, log: folder.appendingPathComponent("b.log").path))
        defer {
            pair.listening.stop()
            pair.pushing.stop()
        }
        try await pair.listening.start()
        try await pair.pushing.start()
        return try await body(pair)
    }

    /// Follows board `team` live on the listening server with `token`, appending each head it
    /// receives to `heads`, and closes once `last` says a head is the last one wanted.
    func follow(token: String, into heads: Heads, last: @escaping @Sendable (Int64) -> Bool = { _ in false })
        -> Task<Void, any Error>
    {
        var configuration = WebSocketClientConfiguration()
        configuration.additionalHeaders[.authorization] = "Bearer \(token)"
        return Task { [configuration, port = listening.port] in
            try await WebSocketClient.connect(
                url: "ws://127.0.0.1:\(port)/v1/boards/team/live", configuration: configuration,
                logger: Logger(label: "test")
            ) { inbound, outbound, _ in
                for try await message in inbound.messages(maxSize: 1 << 16) {
                    guard case .text(let text) = message else { continue }
                    let head = try JSONDecoder().decode(LiveFrame.self, from: Data(text.utf8)).head
                    heads.append(head)
                    if last(head) { try await outbound.close(.normalClosure, reason: nil) }
                }
            }
        }
    }
}
