import Foundation

/// Runs `body` on a thread of its own: its blocking socket calls must not hold one of the few
/// threads that run every suite's tasks (and the server's under test), on a two-core machine.
public func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
