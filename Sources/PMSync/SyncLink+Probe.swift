import Foundation
import PMDomain
public import PMStore
import PMSyncProtocol

extension SyncLink {
    /// Where sync stands by `record` and by what the server says now, asked once within
    /// ``probeLimit``. Throws only an error that is not about the server.
    public func probe(_ record: SyncRecord) async throws -> Probe {
        if record.stopped {
            return Probe(state: .error, toReceive: nil, error: record.lastError)
        }
        let now = environment.now()
        let transport = connect(Self.probeLimit)
        let cursor = record.cursor
        do {
            let page = try await TimeLimit.run(within: Self.probeLimit, clock: environment.clock) {
                try await transport.pull(after: cursor, limit: 1)
            }
            // The server's board past the cursor holds this device's own pushes too.
            let toReceive = max(0, page.head - cursor - (try database.acknowledgedCount(after: cursor)))
            if let attempt = record.lastAttemptAt, record.lastError == nil,
                attempt > (record.lastSyncAt ?? .distantPast),
                now.timeIntervalSince(attempt) < Self.roundLength
            {
                return Probe(state: .syncing, toReceive: toReceive, error: nil)
            }
            return Probe(state: .online, toReceive: toReceive, error: record.lastError)
        } catch {
            guard let problem = SyncProblem(error, remote: remote) else { throw error }
            // A refused token is not sent again, by the probe or anything else.
            if problem.tokenRefused { _ = try self.record(error) }
            if problem.stops || problem.answered {
                return Probe(state: .error, toReceive: nil, error: problem.description)
            }
            return Probe(state: .offline, toReceive: nil, error: record.lastError ?? problem.description)
        }
    }

    /// Where sync stands, as `pm status` names it.
    public enum State: String, Codable, Hashable, Sendable {
        /// No remote is set (never a probe's answer: without a remote there is no link).
        case local
        /// The server answers.
        case online
        /// The server cannot be reached.
        case offline
        /// A round is running, in another process.
        case syncing
        /// The server refused, or sync stopped until the user acts.
        case error
    }

    /// What a probe found.
    public struct Probe: Hashable, Sendable {
        /// Where sync stands.
        public let state: State
        /// Operations on the server this device has not merged, when the server said.
        public let toReceive: Int64?
        /// What went wrong, if anything did.
        public let error: String?

        /// A probe's finding from its parts.
        public init(state: State, toReceive: Int64?, error: String?) {
            self.state = state
            self.toReceive = toReceive
            self.error = error
        }
    }
}
