import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOWebSocket
import PMSyncProtocol

/// `GET /v1/boards/{board}/live`: a WebSocket on which the server sends the board's head as a
/// ``LiveFrame``, once on connecting and then whenever operations land. The client sends nothing
/// but its close; it pulls over HTTP when a head passes its cursor.
struct LiveController<Repository: SyncRepository> {
    let repository: Repository
    let live: LiveHeads
    let limits: LiveConnectionLimits

    /// Adds the upgrade route to `boards`, the board group (behind the same authenticators and
    /// access check as the HTTP routes) of the router the HTTP/1 server asks about upgrades. A
    /// request it declines (a bad token, another's board, no upgrade header) goes on to the
    /// ordinary routes, which answer it with the JSON error. A connection over `limits` is
    /// closed once open, with code 1008 and the limit it broke as the reason: the upgrade's own
    /// refusal could only be an empty 400.
    func addRoutes(to boards: some RouterMethods<BoardRequestContext>) {
        boards.ws(
            "live",
            shouldUpgrade: { _, context in
                _ = try context.admittedBoard()
                return .upgrade([:])
            },
            onUpgrade: { inbound, outbound, context in
                let board = try context.requestContext.admittedBoard()
                let (user, address) = (context.requestContext.identity, context.requestContext.remoteAddress)
                if let refusal = limits.open(user: user, address: address) {
                    context.logger.debug("live connection refused", metadata: ["reason": "\(refusal)"])
                    try await outbound.close(.policyViolation, reason: refusal.description)
                    return
                }
                defer { limits.close(user: user, address: address) }
                try await follow(board: board, inbound: inbound, outbound: outbound, logger: context.logger)
            })
    }

    private func follow(
        board: BoardName, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, logger: Logger
    ) async throws {
        // Subscribe before reading the head, so a push between the two is not missed.
        let heads = live.heads(of: board)
        let head = try await repository.operations(board: board, after: .max, limit: 1).head
        logger.debug("live connection", metadata: ["board": "\(board)", "head": "\(head)"])
        try await ServerMetrics.whileLive {
            try await streamHeads(from: head, heads, inbound: inbound, outbound: outbound)
        }
    }

    /// Writes `head`, then each newer one from `heads`, until the client closes the socket.
    private func streamHeads(
        from head: Int64, _ heads: AsyncStream<Int64>, inbound: WebSocketInboundStream,
        outbound: WebSocketOutboundWriter
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                var sent = head
                try await outbound.write(.text(Self.frame(head)))
                for await next in heads where next > sent {
                    sent = next
                    try await outbound.write(.text(Self.frame(next)))
                }
            }
            group.addTask {
                // The client only closes; reading keeps pings answered and ends with the socket.
                for try await _ in inbound {}
            }
            try await group.next()
            group.cancelAll()
        }
    }

    private static func frame(_ head: Int64) -> String {
        let data = (try? JSONEncoder().encode(LiveFrame(head: head))) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
