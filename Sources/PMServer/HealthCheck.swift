/// A store that can tell whether its database answers now, for `GET /health`.
public protocol DatabaseHealthChecking: Sendable {
    /// Why the database cannot serve requests now (its file is gone, it does not answer), in an
    /// operator's words; `nil` when it answers.
    func databaseProblem() async -> String?
}

/// What `GET /health` asks: the store's own check, given at most `deadline` on `clock`, so that a
/// database that hangs makes the answer 503 in time for a supervisor's check rather than never.
public struct HealthCheck: Sendable {
    let problem: @Sendable () async -> String?

    /// A check of `repository` when its store can check itself (else it is always healthy).
    public init(repository: some SyncRepository, clock: any Clock<Duration>, deadline: Duration = .seconds(3)) {
        guard let store = repository as? any DatabaseHealthChecking else {
            problem = { nil }
            return
        }
        problem = {
            await withTaskGroup(of: String?.self) { group in
                group.addTask { await store.databaseProblem() }
                group.addTask {
                    do { try await clock.sleep(for: deadline) } catch { return nil }
                    return "the database did not answer within \(deadline.components.seconds) s"
                }
                let first = await group.next() ?? nil
                group.cancelAll()
                return first
            }
        }
    }

    /// A check that always finds the store healthy (an in-memory store, tests of other routes).
    public static let healthy = HealthCheck(problem: { nil })

    private init(problem: @escaping @Sendable () async -> String?) {
        self.problem = problem
    }
}
