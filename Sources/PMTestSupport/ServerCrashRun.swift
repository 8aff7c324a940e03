// Swift Testing is not in the static standard library, and a plain `swift build` builds this
// target too: without the guard the README's `swift build -c release --static-swift-stdlib` fails.
#if canImport(Testing)

import Foundation
import PMDomain
import PMSyncProtocol
import Synchronization
public import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One run of the fault test: a client pushing batches over HTTP and retrying each until it is
/// acknowledged, and a killer that sends SIGKILL to the server while a push is in flight and
/// starts it again.
public struct CrashRun {
    public static let batchCount = 40
    static let batchSize = 200
    static let killCount = 4
    /// Batches pushed before the first kill, to learn how long a push takes.
    static let warmUpBatches = 4
    /// Batches after the last aimed-at one, for kills that find their push answered already
    /// to move on to.
    static let spareBatches = 8

    let server: ServerProcess
    let token: String
    let board: String
    let seed: UInt64
    let session: URLSession

    public init(server: ServerProcess, token: String, board: String, seed: UInt64) {
        self.server = server
        self.token = token
        self.board = board
        self.seed = seed
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 5
        self.session = URLSession(configuration: configuration)
    }

    public var comment: Comment { "seed \(seed) (PM_CRASH_SEED)" }

    /// The batches, every operation with an id of its own.
    static let batches: [[ProjectOperation]] = (0..<batchCount).map { batch in
        (0..<batchSize).map { index in
            let number = batch * batchSize + index + 1
            return SyncFixtures.operation(
                number, project: number % 97 + 1, fields: ProjectFields(title: "Card \(number)"))
        }
    }

    /// A push attempt, as the client starts it.
    struct Attempt: Sendable {
        var id: Int
        var batch: Int
        var start: ContinuousClock.Instant
    }

    /// One kill: which batch was being pushed, whether its request was still unanswered, and
    /// the head the stored board held once the server was dead.
    struct Kill: Sendable {
        var batch: Int
        var delay: Duration
        var duringPush: Bool
        var byTheSignal: Bool
        var storedHead: Int64
    }

    public struct Outcome {
        var run: CrashRun
        var acknowledged: [[PushResponse.Result]]
        var failedAttempts: Int
        var kills: [Kill]
        public var comment: Comment { run.comment }

        /// Pulls the whole board and checks it against what was acknowledged.
        public func checkBoard() async throws {
            let pushed = CrashRun.batches.joined()
            let distinct = Set(pushed.map(\.id))
            let pulled = try await run.pullAll()
            let expected = Int64(distinct.count)
            #expect(pulled.head == expected, comment)
            #expect(pulled.entries.count == distinct.count, comment)
            #expect(pulled.entries.map(\.seq) == Array(1...expected), "seqs are not 1...\(expected): \(comment)")
            let counts = Dictionary(pulled.entries.map { ($0.operation.id, 1) }, uniquingKeysWith: +)
            let repeated = counts.filter { $0.value > 1 }
            #expect(repeated.isEmpty, "operations stored more than once: \(repeated.prefix(5)) \(comment)")
            #expect(Set(counts.keys) == distinct, comment)

            // Every acknowledged seq holds the operation it was given for, unchanged.
            let stored = Dictionary(
                pulled.entries.map { ($0.operation.id, $0) }, uniquingKeysWith: { first, _ in first })
            var moved: [String] = []
            var changed: [UUID] = []
            for (batch, results) in zip(CrashRun.batches, acknowledged) {
                for (operation, result) in zip(batch, results) {
                    guard let entry = stored[result.id] else {
                        moved.append("\(result.id) acknowledged at \(result.seq) is missing")
                        continue
                    }
                    if entry.seq != result.seq {
                        moved.append("\(result.id) acknowledged at \(result.seq), at \(entry.seq)")
                    }
                    if entry.operation != operation { changed.append(operation.id) }
                }
            }
            #expect(moved.isEmpty, "\(moved.count) acknowledgements broken, such as \(moved.prefix(5)) \(comment)")
            #expect(
                changed.isEmpty, "\(changed.count) operations stored changed, such as \(changed.prefix(5)) \(comment)")
            #expect(acknowledged.joined().map(\.seq) == Array(1...expected), comment)

            // Each kill left whole batches: the stored head is always at a batch's end (the kill
            // may land a batch later than the one it aimed at, once pushes are fast).
            let boundaries = Set([0] + acknowledged.compactMap { $0.map(\.seq).max() })
            for kill in kills {
                #expect(
                    boundaries.contains(kill.storedHead),
                    "kill during batch \(kill.batch) left head \(kill.storedHead), inside a batch \(comment)")
            }
            // Fast pushes may end before the last planned kill; two are the least that count.
            #expect(kills.count >= 2, comment)
            #expect(kills.filter { !$0.byTheSignal }.isEmpty, "a kill found the server gone already \(comment)")
            let duringPush = kills.filter(\.duringPush)
            #expect(duringPush.count >= 1, "no kill landed while a push was in flight \(comment)")
            let lost = duringPush.filter { kill in kill.storedHead == acknowledged[kill.batch].map(\.seq).max() }
            print(
                "ServerCrashTests: \(comment): \(kills.count) kills, \(duringPush.count) while a push was in flight "
                    + "(\(lost.count) after its commit, \(duringPush.count - lost.count) before), "
                    + "\(failedAttempts) failed attempts retried; delays "
                    + kills.map { String(format: "%.1f ms", $0.delay / .milliseconds(1)) }
                    .joined(separator: ", "))
        }
    }

    /// Pushes every batch while the killer kills the server; `storedHead` reads the board's head
    /// from the storage while the server is dead.
    public func run(storedHead: @escaping @Sendable () async throws -> Int64) async throws -> Outcome {
        let progress = PushProgress()
        let (attempts, continuation) = AsyncStream.makeStream(of: Attempt.self, bufferingPolicy: .bufferingNewest(1))
        let killer = Task { [server, seed] in
            try await Self.kill(
                server, during: attempts, progress: progress, seed: seed, storedHead: storedHead)
        }
        defer { killer.cancel() }
        var acknowledged: [[PushResponse.Result]] = []
        do {
            for (index, batch) in Self.batches.enumerated() {
                acknowledged.append(try await push(batch, index: index, progress: progress, attempts: continuation))
            }
        } catch {
            continuation.finish()
            throw error
        }
        continuation.finish()
        let kills = try await killer.value
        return Outcome(run: self, acknowledged: acknowledged, failedAttempts: progress.failures, kills: kills)
    }

    struct Refused: Error, CustomStringConvertible {
        var description: String
    }

    /// Pushes one batch until the server acknowledges it, as a device does: the same operations
    /// again after any failure, with a short backoff.
    func push(
        _ batch: [ProjectOperation], index: Int, progress: PushProgress,
        attempts: AsyncStream<Attempt>.Continuation
    ) async throws -> [PushResponse.Result] {
        var request = URLRequest(url: server.baseURL.appendingPathComponent("v1/boards/\(board)/operations"))
        request.httpMethod = "POST"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONEncoder().encode(PushRequest(operations: batch))
        let deadline = ContinuousClock.now + .seconds(60)
        for retry in 0... {
            let attempt = Attempt(id: progress.begin(), batch: index, start: .now)
            attempts.yield(attempt)
            let answer = try? await session.data(for: request)
            progress.end(attempt)
            if let (data, response) = answer, let status = (response as? HTTPURLResponse)?.statusCode {
                if status == 200, let results = try? JSONDecoder().decode(PushResponse.self, from: data).results {
                    guard results.map(\.id) == batch.map(\.id) else {
                        throw Refused(description: "batch \(index) answered for other operations: \(comment)")
                    }
                    progress.succeeded(after: .now - attempt.start)
                    return results
                }
                // A client mistake is never retried: it would be refused again.
                if (400..<500).contains(status) {
                    throw Refused(
                        description: "batch \(index) refused: \(status) \(String(decoding: data, as: UTF8.self))")
                }
            }
            progress.failed()
            guard ContinuousClock.now < deadline else {
                throw Refused(description: "batch \(index) unacknowledged after 60 s: \(server.log)")
            }
            try await Task.sleep(for: .milliseconds(10 * min(retry + 1, 10)))
        }
        fatalError("unreachable")
    }

    /// Kills the server `killCount` times, each a random moment after a push to a random batch
    /// started (while it is unanswered), then starts it again and answers the kills.
    static func kill(
        _ server: ServerProcess, during attempts: AsyncStream<Attempt>, progress: PushProgress, seed: UInt64,
        storedHead: @Sendable () async throws -> Int64
    ) async throws -> [Kill] {
        var generator = SeededGenerator(seed: seed)
        var kills: [Kill] = []
        var iterator = attempts.makeAsyncIterator()
        let span = (batchCount - warmUpBatches - spareBatches) / killCount
        for round in 0..<killCount {
            let target = warmUpBatches + round * span + Int.random(in: 0..<span, using: &generator)
            var misses = 0
            while let attempt = await iterator.next() {
                guard attempt.batch >= target, progress.isInFlight(attempt) else { continue }
                // A random moment within the time a push typically takes; every other kill aims
                // at its end, where the server commits and answers. Each miss halves the aim:
                // on a loaded machine pushes sped up after the warm-up that timed them, and
                // every aim of a run came too late (three kills, none during a push).
                let typical = progress.typicalPush ?? .milliseconds(20)
                let window = round.isMultiple(of: 2) ? 0...0.9 : 0.7...1.1
                let delay = typical * (Double.random(in: window, using: &generator) / Double(1 << misses))
                try await Task.sleep(until: attempt.start + delay, clock: .continuous)
                let duringPush = progress.isInFlight(attempt)
                // Answered already: aim at a later push, and past a few misses kill anyway.
                if !duringPush && misses < 5 {
                    misses += 1
                    continue
                }
                let byTheSignal = await server.kill()
                let head = try await storedHead()
                kills.append(
                    Kill(
                        batch: attempt.batch, delay: delay, duringPush: duringPush, byTheSignal: byTheSignal,
                        storedHead: head))
                try await server.start()
                break
            }
        }
        return kills
    }

    /// The whole board, page by page until `next == head`.
    func pullAll() async throws -> (entries: [OperationPage.Entry], head: Int64) {
        var entries: [OperationPage.Entry] = []
        var after: Int64 = 0
        while true {
            var components = URLComponents(
                url: server.baseURL.appendingPathComponent("v1/boards/\(board)/operations"),
                resolvingAgainstBaseURL: false)!
            components.queryItems = [
                URLQueryItem(name: "after", value: "\(after)"), URLQueryItem(name: "limit", value: "1000"),
            ]
            var request = URLRequest(url: components.url!)
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            let (data, response) = try await session.data(for: request)
            try #require(
                (response as? HTTPURLResponse)?.statusCode == 200, "pull: \(String(decoding: data, as: UTF8.self))")
            let page = try JSONDecoder().decode(OperationPage.self, from: data)
            entries += page.operations
            if page.next == page.head { return (entries, page.head) }
            try #require(page.next > after, "pull after \(after) did not move on: \(page.next), head \(page.head)")
            after = page.next
        }
    }
}

/// What the client is doing, for the killer to aim at: the attempt in flight, if any, and how
/// long acknowledged pushes took.
final class PushProgress: Sendable {
    private struct State {
        var nextAttempt = 1
        var inFlight: Int?
        var durations: [Duration] = []
        var failures = 0
    }

    private let state = Mutex(State())

    func begin() -> Int {
        state.withLock { state in
            defer { state.nextAttempt += 1 }
            state.inFlight = state.nextAttempt
            return state.nextAttempt
        }
    }

    func end(_ attempt: CrashRun.Attempt) {
        state.withLock { state in
            if state.inFlight == attempt.id { state.inFlight = nil }
        }
    }

    func isInFlight(_ attempt: CrashRun.Attempt) -> Bool {
        state.withLock { $0.inFlight == attempt.id }
    }

    func succeeded(after duration: Duration) {
        state.withLock { $0.durations.append(duration) }
    }

    func failed() {
        state.withLock { $0.failures += 1 }
    }

    var failures: Int { state.withLock { $0.failures } }

    /// The median time an acknowledged push took, once there is one.
    var typicalPush: Duration? {
        state.withLock { state in
            let sorted = state.durations.sorted()
            return sorted.isEmpty ? nil : sorted[sorted.count / 2]
        }
    }
}

#endif
