import Foundation
import PMDomain
import PMServer
import PMSync
import PMSyncProtocol
import PMTestSupport
import Synchronization

/// The network and server of the simulation: a real server repository behind a wire that a
/// seeded schedule breaks. Requests are dropped before they arrive, answers are lost after the
/// server applied them, requests arrive twice, clients go offline and the server restarts
/// (is unreachable for a while, its stored operations kept, as a restart keeps its database).
/// Pushes are checked as the real server checks them (`ClockSkew`), against `clockSkew`.
final class SimulatedNetwork: Sendable {
    struct Faults: Sendable {
        var dropRequest = 0.08
        var loseResponse = 0.08
        var duplicate = 0.08

        static let none = Faults(dropRequest: 0, loseResponse: 0, duplicate: 0)
    }

    private struct State {
        var random: SeededGenerator
        var faults: Faults
        var serverDown = false
        var offline: Set<Int> = []
        /// Every (operation, server seq) a client was told of: acknowledged pushes.
        var acknowledged: [UUID: Int64] = [:]
    }

    let repository = InMemorySyncRepository()
    static let board = "team"
    private let state: Mutex<State>
    /// The server's clock and the skew it allows pushed operations.
    let clockSkew: ClockSkew

    init(seed: UInt64, faults: Faults = Faults(), clockSkew: ClockSkew) {
        state = Mutex(State(random: SeededGenerator(seed: seed ^ 0x5EED), faults: faults))
        self.clockSkew = clockSkew
    }

    func setup() async throws {
        try await repository.addUser(name: "ada")
        try await repository.addBoard(BoardName(Self.board), members: ["ada"])
    }

    var serverDown: Bool {
        get { state.withLock { $0.serverDown } }
        set { state.withLock { $0.serverDown = newValue } }
    }

    var faults: Faults {
        get { state.withLock { $0.faults } }
        set { state.withLock { $0.faults = newValue } }
    }

    func setOffline(_ client: Int, _ offline: Bool) {
        state.withLock { state in
            if offline { state.offline.insert(client) } else { state.offline.remove(client) }
        }
    }

    var acknowledged: [UUID: Int64] { state.withLock { $0.acknowledged } }

    /// The transport of client `client`.
    func transport(client: Int) -> Transport { Transport(network: self, client: client) }

    private func roll(_ probability: KeyPath<Faults, Double>) -> Bool {
        state.withLock { state in
            Double(state.random.next() % 1_000_000) / 1_000_000 < state.faults[keyPath: probability]
        }
    }

    /// Sends a request: fails when the way is cut or the request is dropped, runs it (twice
    /// when duplicated), and loses the answer now and then.
    fileprivate func deliver<Answer: Codable>(
        client: Int, _ request: @Sendable () async throws -> Answer
    ) async throws(SyncTransportError) -> Answer {
        let cut = state.withLock { $0.serverDown || $0.offline.contains(client) }
        if cut { throw .unreachable("connection refused") }
        if roll(\.dropRequest) { throw .unreachable("request dropped") }
        let answer: Answer
        do {
            answer = try await request()
            if roll(\.duplicate) { _ = try await request() }
        } catch {
            throw .serverFailed("\(error)")
        }
        if roll(\.loseResponse) { throw .unreachable("response lost") }
        // Through the wire format, as a real client would read it.
        do {
            return try JSONDecoder().decode(Answer.self, from: JSONEncoder().encode(answer))
        } catch {
            throw .serverFailed("unreadable answer: \(error)")
        }
    }

    fileprivate func noteAcknowledged(_ results: [PushResponse.Result]) {
        state.withLock { state in for result in results { state.acknowledged[result.id] = result.seq } }
    }

    struct Transport: SyncTransport {
        let network: SimulatedNetwork
        let client: Int

        func push(_ operations: [ProjectOperation]) async throws(SyncTransportError) -> [PushResponse.Result] {
            let wire = try? JSONDecoder().decode(
                PushRequest.self, from: JSONEncoder().encode(PushRequest(operations: operations)))
            guard let wire else { throw .refused(status: 400, code: "invalidJSON", message: "unreadable push") }
            do {
                try network.clockSkew.check(wire.operations)
            } catch {
                throw .refused(status: 422, code: error.rule, message: error.description)
            }
            let repository = network.repository
            let answer = try await network.deliver(client: client) {
                PushResponse(
                    results: try await repository.push(
                        board: BoardName(SimulatedNetwork.board), operations: wire.operations))
            }
            network.noteAcknowledged(answer.results)
            return answer.results
        }

        func pull(after: Int64, limit: Int) async throws(SyncTransportError) -> OperationPage {
            let repository = network.repository
            return try await network.deliver(client: client) {
                try await repository.operations(board: BoardName(SimulatedNetwork.board), after: after, limit: limit)
            }
        }

        func snapshot() async throws(SyncTransportError) -> BoardSnapshot {
            let repository = network.repository
            return try await network.deliver(client: client) {
                try await repository.snapshot(board: BoardName(SimulatedNetwork.board))
            }
        }

        func heads() -> AsyncThrowingStream<Int64, any Error> {
            AsyncThrowingStream { $0.finish(throwing: SyncTransportError.unreachable("no live connection here")) }
        }
    }
}
