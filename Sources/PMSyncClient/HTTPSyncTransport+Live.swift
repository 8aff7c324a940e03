import Foundation
import HTTPTypes
import HummingbirdWSClient
import Logging
import NIOWebSocket
import PMSync
import PMSyncProtocol
import Synchronization

extension HTTPSyncTransport {
    /// Live frames are a few bytes; anything much larger is not one.
    static let liveFrameLimit = 1 << 16

    /// Follows `GET …/live`: yields each head the server sends (the first on connecting),
    /// finishes when the server closes the socket and throws a ``SyncTransportError`` when the
    /// upgrade fails or the connection breaks. Stopping the consumer closes the socket.
    public func heads() -> AsyncThrowingStream<Int64, any Error> {
        // Heads only rise and the engine acts on the newest, so a slow consumer skips the rest.
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: Int64.self, throwing: (any Error).self, bufferingPolicy: .bufferingNewest(1))
        let answered = Answered()
        let task = Task {
            do throws(SyncTransportError) {
                try await follow {
                    answered.set()
                    continuation.yield($0)
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        // The WebSocket client waits for the upgrade's answer without a limit, deaf to
        // cancellation: a server that accepts the connection and says nothing would hold the
        // engine forever. The server sends the head at once, so none within `timeout` is a failure.
        let watchdog = Task { [timeout, clock] in
            guard (try? await clock.sleep(for: timeout)) != nil, !answered.isSet else { return }
            continuation.finish(throwing: failure(.unreachable("the live connection was not answered in time")))
            task.cancel()
        }
        // Cancelling closes the socket's input, which ends the read loop and the connection.
        continuation.onTermination = { _ in
            task.cancel()
            watchdog.cancel()
        }
        return stream
    }

    /// Connects and passes every head to `receive` until the server closes the socket.
    func follow(_ receive: @escaping @Sendable (Int64) -> Void) async throws(SyncTransportError) {
        var configuration = WebSocketClientConfiguration()
        configuration.additionalHeaders[.authorization] = "Bearer \(token)"
        // The server may say nothing for hours; our own pings find a dead connection within
        // two periods instead of never.
        configuration.autoPing = .enabled(timePeriod: timeout)
        // wss:// checks the server's certificate as the requests do; ws:// has none to check.
        let tlsConfiguration = endpoint.isSecure ? try trust.tlsConfiguration() : nil
        if endpoint.isSecure, let address = endpoint.addressHost {
            // The WebSocket client names the URL's host in SNI, which NIOSSL refuses for an
            // address (RFC 6066 allows only names). With a trailing dot it is a name no server
            // uses, and the certificate is still checked as for an address: its IP entries
            // against the connected socket's address (a DNS entry "192.168.1.20" no CA issues).
            configuration.sniHostname = address + "."
        }
        let closing: WebSocketCloseFrame?
        do {
            closing = try await WebSocketClient.connect(
                url: endpoint.live, configuration: configuration, tlsConfiguration: tlsConfiguration, logger: logger
            ) { inbound, _, _ in
                for try await message in inbound.messages(maxSize: Self.liveFrameLimit) {
                    guard case .text(let text) = message else { continue }
                    guard let frame = try? JSONDecoder().decode(LiveFrame.self, from: Data(text.utf8)) else {
                        throw SyncTransportError.serverFailed("a live frame is not a head: \(text.prefix(80))")
                    }
                    receive(frame.head)
                }
            }
        } catch let error as SyncTransportError {
            throw failure(error)
        } catch let error as WebSocketClientError where error == .webSocketUpgradeFailed {
            throw await upgradeFailure()
        } catch {
            throw failure(SyncTransportError(transportFailure: error, host: endpoint.host))
        }
        // Without a close frame from the server, the connection dropped rather than ended.
        guard let closing else { throw failure(.unreachable("the live connection to the server was lost")) }
        logger.debug("live connection closed", metadata: ["code": "\(closing.closeCode)"])
    }

    /// Why the server declined the upgrade. The WebSocket client only says that it did, while
    /// the server answers a refusal through the ordinary route, so an authorized pull of nothing
    /// (`after` past any head) tells a revoked token or a lost board from a transient failure.
    private func upgradeFailure() async -> SyncTransportError {
        do {
            _ = try await pull(after: .max, limit: 1)
            return failure(.unreachable("the server declined the live connection"))
        } catch {
            return error
        }
    }
}

/// Whether the live connection has sent its first head.
private final class Answered: Sendable {
    private let flag = Mutex(false)

    var isSet: Bool { flag.withLock { $0 } }

    func set() { flag.withLock { $0 = true } }
}
