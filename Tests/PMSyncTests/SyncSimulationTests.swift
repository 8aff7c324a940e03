import Foundation
import PMDomain
import PMServer
import PMStore
import PMSync
import PMSyncProtocol
import PMTestSupport
import Testing

/// Three devices and a server in one process, on a seeded schedule of edits, offline periods,
/// dropped requests, answers lost after the server applied them, duplicated deliveries and
/// server restarts; one more device joins late from the snapshot. At the end, with the network
/// healed, every device must equal the server: the same cards, the same operations, the same
/// history, and no acknowledged operation missing. A third of the way in, a member pushes an
/// operation stamped in the year 9999 (refused), and the same operation is stored on the server
/// as if from before pushes were bounded: every device pulls it, and must keep stamping its own
/// changes at its own time so that the server takes them. A failing seed is named in the test's
/// arguments; replay one alone with `PM_SIMULATION_SEED=N swift test --filter SyncSimulation`.
/// `scripts/check/simulate N` runs N seeds of longer schedules with more devices
/// (`PM_SIMULATION_SEEDS`, `PM_SIMULATION_STEPS`, `PM_SIMULATION_DEVICES`).
@Suite struct SyncSimulationTests {
    static let variables = ProcessInfo.processInfo.environment
    static let seeds: [UInt64] =
        variables["PM_SIMULATION_SEED"].flatMap(UInt64.init).map { [$0] }
        ?? Array(1...(variables["PM_SIMULATION_SEEDS"].flatMap(UInt64.init) ?? 1000))
    static let steps = variables["PM_SIMULATION_STEPS"].flatMap(Int.init) ?? 60
    static let devices = variables["PM_SIMULATION_DEVICES"].flatMap(Int.init) ?? 3

    @Test(arguments: seeds) func everyDeviceConvergesOnTheServer(seed: UInt64) async throws {
        var simulation = try await Simulation(seed: seed, devices: Self.devices)
        try await simulation.run(steps: Self.steps)
        try await simulation.heal()
        try await simulation.expectConverged()
    }
}

struct Simulation {
    let network: SimulatedNetwork
    let world: TestWorld
    var random: SeededGenerator
    var devices: [AppDatabase] = []
    var joinedLate = false
    var restartStepsLeft = 0
    /// The far-future operation, once stored, and what the server answered its push.
    var poisoned: ProjectOperation?
    var poisonRefusal: SyncTransportError?

    init(seed: UInt64, devices count: Int = 3) async throws {
        let world = TestWorld(day: "2026-11-21")
        self.world = world
        network = SimulatedNetwork(seed: seed, clockSkew: ClockSkew(now: { world.now }))
        try await network.setup()
        random = SeededGenerator(seed: seed)
        for _ in 0..<count { devices.append(try makeDevice()) }
    }

    /// A device whose wall clock is off by up to a minute either way: the hybrid clock must
    /// keep causally later edits later all the same.
    mutating func makeDevice() throws -> AppDatabase {
        let skew = TimeInterval(Int(random.next() % 120) - 60)
        let world = self.world
        let environment = PMDomain.Environment(
            now: { world.now.addingTimeInterval(skew) }, uuid: { world.nextID() }, timeZone: world.timeZone,
            clock: world.clock, random: { world.random() })
        let database = try AppDatabase.inMemory(environment: environment)
        try database.setRemote(Remote(url: "sim://server", board: SimulatedNetwork.board, token: "pm_sim"))
        return database
    }

    mutating func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
    mutating func chance(_ percent: Int) -> Bool { pick(100) < percent }

    mutating func run(steps: Int) async throws {
        for step in 0..<steps {
            world.advance(by: Double(1 + pick(30)))
            if restartStepsLeft > 0 {
                restartStepsLeft -= 1
                if restartStepsLeft == 0 { network.serverDown = false }
            }
            if !joinedLate && step == steps / 2 {
                devices.append(try makeDevice())
                joinedLate = true
            }
            if poisoned == nil && step == steps / 3 { try await poison() }
            let device = pick(devices.count)
            switch pick(100) {
            case 0..<50: try edit(devices[device])
            case 50..<80: _ = try? await round(device)
            case 80..<92: network.setOffline(device, chance(50))
            default:
                network.serverDown = true
                restartStepsLeft = 1 + pick(4)
            }
        }
    }

    /// A member pushes a card stamped with the largest clock a server once accepted; it is
    /// refused, and then stored all the same, as a server before the rule would have.
    mutating func poison() async throws {
        let operation = ProjectOperation(
            id: world.nextID(), projectID: world.nextID(),
            timestamp: HybridTimestamp(
                wallTime: ProjectOperation.wallTimeMaximum, counter: .max,
                device: UUID(uuidString: "99999999-0000-4000-8000-000000000999")!),
            fields: ProjectFields(
                title: "9999년의 카드 ☠", description: "", deadline: Deadline(daysSince1970: 20_100), status: .doing))
        do {
            _ = try await network.transport(client: 0).push([operation])
        } catch {
            poisonRefusal = error
        }
        _ = try await network.repository.push(board: BoardName(SimulatedNetwork.board), operations: [operation])
        poisoned = operation
    }

    func round(_ device: Int) async throws -> SyncReport {
        // Small pages and merge batches, so that rounds pull many pages, merge several batches
        // and fetch each batch while merging the one before, as a device far behind does.
        try await SyncRound(
            database: devices[device], transport: network.transport(client: device), pageSize: 25, mergeBatch: 60
        ).run()
    }

    /// One of the things a user does, on a random visible card.
    mutating func edit(_ database: AppDatabase) throws {
        let projects = try database.projects()
        let target = projects.isEmpty ? nil : projects[pick(projects.count)]
        let number = pick(1000)
        switch (pick(8), target) {
        case (0, _), (_, nil):
            _ = try database.add(
                ProjectFields(
                    title: "카드 \(number) 🗂", description: "설명 \(number)",
                    deadline: Deadline(daysSince1970: 20_000 + pick(60)), status: .todo))
        case (1, let project?):
            _ = try database.change(project.id) { _ in ProjectFields(title: "제목 \(number)") }
        case (2, let project?):
            _ = try database.change(project.id) { _ in ProjectFields(description: "메모 \(number)") }
        case (3, let project?):
            _ = try database.change(project.id) { _ in ProjectFields(deadline: Deadline(daysSince1970: 20_000 + number))
            }
        case (4, let project?):
            _ = try database.move(project.id, to: [Status.todo, .doing, .done][pick(3)])
        case (5, let project?):
            _ = try database.delete(project.id)
        case (6, _):
            _ = try? database.undo()
        default:
            _ = try? database.redo()
        }
    }

    /// Heals the network and lets every device sync until nothing moves.
    mutating func heal() async throws {
        network.faults = .none
        network.serverDown = false
        for device in devices.indices { network.setOffline(device, false) }
        for _ in 0..<2 {
            for device in devices.indices { _ = try await round(device) }
        }
    }

    func expectConverged() async throws {
        let server = try await network.repository.operations(
            board: BoardName(SimulatedNetwork.board), after: 0, limit: 1_000_000)
        let serverIDs = server.operations.map(\.operation.id)
        #expect(Set(serverIDs).count == serverIDs.count, "an operation is on the server twice")
        #expect(server.operations.map(\.seq) == (0..<server.operations.count).map { Int64($0) + 1 }, "gap in seqs")
        // The far-future push was refused by the rule (or never arrived: client 0 offline, the
        // server down or the request dropped), never taken.
        if case .refused(let status, let code, _)? = poisonRefusal {
            #expect(status == 422 && code == "wallTimeAhead")
        }
        let poisoned = try #require(poisoned, "no far-future operation was pushed")
        #expect(network.acknowledged[poisoned.id] == nil, "the far-future push was acknowledged")
        #expect(server.operations.contains { $0.operation.id == poisoned.id })
        // Every device's own changes stayed within the skew of the server's clock.
        let bound = Int64(world.now.timeIntervalSince1970 * 1000) + HybridClock.defaultSkew
        for entry in server.operations where entry.operation.id != poisoned.id {
            #expect(entry.operation.timestamp.wallTime <= bound, "a device stamped a change past the skew")
        }
        for (id, seq) in network.acknowledged {
            #expect(
                server.operations.first { $0.operation.id == id }?.seq == seq, "acknowledged \(id) is not at \(seq)")
        }
        let snapshot = try await network.repository.snapshot(board: BoardName(SimulatedNetwork.board))
        let serverCards = Set(snapshot.projects.map { Card($0.id, $0.title, $0.description, $0.deadline, $0.status) })
        let reference = try devices[0].history(limit: nil)
        for (index, device) in devices.enumerated() {
            let record = try device.syncRecord()
            #expect(record.pending == 0, "device \(index) still has \(record.pending) to send")
            #expect(Set(try device.operations().map(\.id)) == Set(serverIDs), "device \(index) holds other operations")
            let cards = Set(try device.projects().map { Card($0.id, $0.title, $0.description, $0.deadline, $0.status) })
            #expect(cards == serverCards, "device \(index)'s cards differ from the server's")
            #expect(try device.history(limit: nil) == reference, "device \(index)'s history differs")
        }
    }

    struct Card: Hashable {
        var id: UUID, title: String, description: String, deadline: Deadline, status: Status
        init(_ id: UUID, _ title: String, _ description: String, _ deadline: Deadline, _ status: Status) {
            (self.id, self.title, self.description, self.deadline, self.status) = (
                id, title, description, deadline, status
            )
        }
    }
}
