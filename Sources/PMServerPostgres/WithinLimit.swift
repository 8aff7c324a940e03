import Synchronization

/// Work that did not end within its limit.
struct LimitReached: Error, CustomStringConvertible {
    let limit: Duration
    var description: String { "PostgreSQL did not answer within \(limit)" }
}

/// Returns what `work` returns, or throws ``LimitReached`` once `limit` has passed on `clock`.
/// The work runs in a task of its own and is left to end when its connection does: a stopped
/// server answers nothing, and PostgresNIO cannot take back a query it has sent, so waiting for
/// it (as a task group would) could last as long as the server stays stopped.
func withinLimit<Value: Sendable>(
    _ limit: Duration, clock: any Clock<Duration>, _ work: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    let answer = Answer<Value>()
    return try await withCheckedThrowingContinuation { continuation in
        answer.waiting.withLock { $0 = continuation }
        let worker = Task {
            let result = await Result(catching: { try await work() })
            answer.give(result)
        }
        Task {
            try? await clock.sleep(for: limit)
            if answer.give(.failure(LimitReached(limit: limit))) { worker.cancel() }
        }
    }
}

/// The one answer of ``withinLimit(_:clock:_:)``: the work's or the limit's, whichever comes first.
private final class Answer<Value: Sendable>: Sendable {
    let waiting = Mutex<CheckedContinuation<Value, any Error>?>(nil)

    /// Resumes the waiting caller with `result` unless it was resumed already; says whether it was this.
    @discardableResult
    func give(_ result: Result<Value, any Error>) -> Bool {
        guard let continuation = waiting.withLock({ $0.take() }) else { return false }
        continuation.resume(with: result)
        return true
    }
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
