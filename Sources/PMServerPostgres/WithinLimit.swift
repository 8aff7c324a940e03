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

/// Returns once one of `works` succeeds. Throws, once every one has failed, the last failure;
/// once `limit` has passed on `clock`, the last failure so far or else ``LimitReached``. Each work
/// runs in a task of its own, cancelled once the answer is known and never waited for: one
/// waiting on a host that does not answer (a standby starting up, a pool retrying a refused
/// connection) must not hold back the answer another host gave.
func firstSuccess(
    of works: [@Sendable () async throws -> Void], within limit: Duration, clock: any Clock<Duration>
) async throws {
    let answer = Answer<Void>()
    let failures = Failures()
    var tasks: [Task<Void, Never>] = []
    defer { for task in tasks { task.cancel() } }
    try await withCheckedThrowingContinuation { continuation in
        answer.waiting.withLock { $0 = continuation }
        for work in works {
            tasks.append(
                Task {
                    do {
                        try await work()
                        answer.give(.success(()))
                    } catch {
                        if failures.add(error) == works.count { answer.give(.failure(error)) }
                    }
                })
        }
        tasks.append(
            Task {
                try? await clock.sleep(for: limit)
                answer.give(.failure(failures.last ?? LimitReached(limit: limit)))
            })
    }
}

/// The one answer of ``withinLimit(_:clock:_:)`` and ``firstSuccess(of:within:clock:)``: the work's or the limit's, whichever comes first.
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

/// The works of ``firstSuccess(of:within:clock:)`` that failed: how many, and the last failure.
private final class Failures: Sendable {
    private let state = Mutex<(count: Int, last: (any Error)?)>((0, nil))

    /// Counts `error`; returns how many works have failed.
    func add(_ error: any Error) -> Int {
        state.withLock {
            $0 = ($0.count + 1, error)
            return $0.count
        }
    }

    var last: (any Error)? { state.withLock { $0.last } }
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
