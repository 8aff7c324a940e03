/// Work that must end within a limit, whatever the network does.
enum TimeLimit {
    /// The limit passed before the work ended.
    struct Exceeded: Error, CustomStringConvertible {
        let limit: Duration
        var description: String {
            let milliseconds = limit.components.seconds * 1000 + limit.components.attoseconds / 1_000_000_000_000_000
            let text = milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
            return "the server cannot be reached: no answer within \(text)"
        }
    }

    /// Runs `work`, cancelling it and throwing ``Exceeded`` once `limit` has passed on `clock`.
    static func run<Value: Sendable, C: Clock<Duration>>(
        within limit: Duration, clock: C, _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await clock.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else { throw Exceeded(limit: limit) }
            return value
        }
    }
}
