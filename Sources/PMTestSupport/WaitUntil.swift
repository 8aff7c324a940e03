/// Polls `condition` for up to five seconds and says whether it came to hold. For what settles
/// on another thread in real time (a server's side of a connection, on its own event loop,
/// after the client has moved on), where there is no clock to step.
@discardableResult
public func waitUntil(_ condition: () -> Bool) async throws -> Bool {
    for _ in 0..<500 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
    return condition()
}
