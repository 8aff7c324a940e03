import Foundation

/// How a wait for a starting `pm-server` to answer `/health` ended.
public enum HealthWait: Equatable, Sendable {
    /// It answered 200.
    case healthy
    /// Its process ended first.
    case exited
    /// Neither happened within the time given.
    case timedOut
}

/// Asks `GET /health` on 127.0.0.1:`port` every 10 ms until it answers 200, `isRunning` says the
/// process has ended, or `seconds` have passed.
///
/// It asks over a bare socket on a thread of its own. A test process runs hundreds of tests on
/// as many threads as the machine has cores; under load, tests that wait for child processes
/// held them long enough that a `URLSession` asking the same question got no answer for over
/// twenty seconds from a server that was listening, and the wait timed out. A thread of its own
/// is scheduled by the system, not behind the other tests.
public func waitForHealth(
    port: Int, seconds: Int = 20, isRunning: @escaping @Sendable () -> Bool
) async throws -> HealthWait {
    try await onOwnThread {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            guard isRunning() else { return .exited }
            if healthAnswer(port: port)?.hasPrefix("HTTP/1.1 200") == true { return .healthy }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return .timedOut
    }
}

/// The head of the answer to one `GET /health`, or nil if nothing listens or answers in time.
private func healthAnswer(port: Int) -> String? {
    guard let socket = try? RawSocket(port: port, readTimeout: 2) else { return nil }
    socket.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
    guard case .bytes(let bytes) = socket.receive(limit: 512) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
}
