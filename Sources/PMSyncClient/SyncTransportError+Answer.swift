import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import PMSync
import PMSyncProtocol

extension SyncTransportError {
    /// The error an answer other than 2xx stands for. 408 and 429 are the server asking to be
    /// asked again later, so they are retryable like a 5xx; every other 4xx is final.
    init(status: HTTPResponseStatus, body: ByteBuffer) {
        let detail = try? JSONDecoder().decode(ErrorBody.self, from: Data(body.readableBytesView)).error
        let answer = "HTTP \(status.code) \(status.reasonPhrase)"
        switch status.code {
        case 408, 429, 500...:
            self = .serverFailed(detail.map { "\(answer): \($0.message)" } ?? answer)
        case 400..<500:
            self = .refused(
                status: Int(status.code), code: detail?.code ?? status.reasonPhrase,
                message: detail?.message ?? status.reasonPhrase)
        default:
            // 1xx and 3xx: redirects are followed by the HTTP client, so one left over is a
            // server (or proxy) misconfiguration, which may yet be fixed.
            self = .serverFailed("unexpected answer \(answer)")
        }
    }

    /// The error a failure to get any answer from `host` stands for: whatever went wrong on the
    /// way (refused connection, DNS, TLS, reset, deadline) left the server's state unknown. A
    /// certificate refused says so, naming the host and how to trust a private CA.
    init(transportFailure error: any Error, host: String) {
        self = .unreachable(ServerTrust.refusal(error, host: host) ?? Self.reason(error))
    }

    /// What went wrong on the way, in a user's words: NIO describes a refused connection as
    /// "connection reset (error set): Connection refused (errno: 111)".
    static func reason(_ error: any Error) -> String {
        if let error = error as? IOError {
            return String(cString: strerror(error.errnoCode)).lowercased()
        }
        if let error = error as? HTTPClientError {
            switch error {
            case .connectTimeout: return "no connection within the time limit"
            case .deadlineExceeded, .readTimeout: return "no answer within the time limit"
            case .remoteConnectionClosed: return "the server closed the connection"
            default: break
            }
        }
        if let error = error as? ChannelError, case .connectTimeout = error {
            return "no connection within the time limit"
        }
        return String(describing: error)
    }

    /// The same error with every occurrence of `secret` blanked out: reasons quote library
    /// errors and server messages, and the token must never reach a log or a screen.
    func redacting(_ secret: String) -> SyncTransportError {
        guard !secret.isEmpty else { return self }
        func clean(_ text: String) -> String { text.replacingOccurrences(of: secret, with: "<token>") }
        return switch self {
        case .unreachable(let reason): .unreachable(clean(reason))
        case .serverFailed(let reason): .serverFailed(clean(reason))
        case .refused(let status, let code, let message):
            .refused(status: status, code: clean(code), message: clean(message))
        }
    }
}
