// Swift Testing is not in the static standard library, and a plain `swift build` builds this
// target too: without the guard the README's `swift build -c release --static-swift-stdlib` fails.
#if canImport(Testing)

public import Foundation
import PMDomain
import PMSyncProtocol
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Far-future pushes against real `pm-server serve` processes on `database` (a SQLite file or a
/// PostgreSQL URL), their clock pinned at 2026-11-21T12:00Z: the one run that both backends'
/// test targets share. A push stamped more than the skew ahead is answered 422 `wallTimeAhead`
/// and stores nothing, with the skew given by `--clock-skew` and with its default.
public struct FarFuturePushRun {
    /// The servers' pinned time, in milliseconds since 1970.
    public static let noon: Int64 = 1_795_262_400_000
    static let board = "team"

    let database: String
    let folder: URL

    /// A run on `database`, the servers logging in `folder`.
    public init(database: String, folder: URL) {
        self.database = database
        self.folder = folder
    }

    /// Makes a member and a board, then pushes through two servers in turn: one with
    /// `--clock-skew 60`, one with the default five minutes.
    public func run() async throws {
        let token = try ServerProcess.addMember("ada", board: Self.board, database: database)
        let configured = try server(options: ["--clock-skew", "60"], log: "configured.log")
        try await configured.start()
        // The largest clock the server once accepted, and one just past the skew, each beside a
        // good operation: refused whole.
        try await expectRefused(
            [operation(1, wallTime: Self.noon), operation(2, wallTime: 253_402_300_799_999, counter: .max)],
            on: configured, token: token, skewSeconds: 60)
        try await expectRefused(
            [operation(3, wallTime: Self.noon + 60_001)], on: configured, token: token, skewSeconds: 60)
        try await expectStored([operation(4, wallTime: Self.noon + 60_000)], on: configured, token: token)
        configured.stop()

        let standard = try server(options: [], log: "default.log")
        try await standard.start()
        defer { standard.stop() }
        try await expectRefused(
            [operation(5, wallTime: Self.noon + 300_001)], on: standard, token: token, skewSeconds: 300)
        try await expectStored([operation(6, wallTime: Self.noon + 300_000)], on: standard, token: token)

        // Nothing of the refused pushes was stored.
        let (data, _) = try await send(pullFrom: standard, token: token)
        let page = try JSONDecoder().decode(OperationPage.self, from: data)
        #expect(page.operations.map(\.operation.id) == [operation(4).id, operation(6).id])
    }

    func server(options: [String], log: String) throws -> ServerProcess {
        try ServerProcess(
            database: database, log: folder.appendingPathComponent(log).path, options: options,
            environment: ["PM_NOW": "2026-11-21T12:00:00Z"])
    }

    func operation(_ number: Int, wallTime: Int64 = noon, counter: UInt32 = 0) -> ProjectOperation {
        ProjectOperation(
            id: SyncFixtures.uuid(number), projectID: SyncFixtures.uuid(0x10_0000 + number),
            timestamp: HybridTimestamp(wallTime: wallTime, counter: counter, device: SyncFixtures.device),
            fields: ProjectFields(title: "카드 \(number)", status: .todo))
    }

    func expectRefused(
        _ operations: [ProjectOperation], on server: ServerProcess, token: String, skewSeconds: Int
    ) async throws {
        let (data, status) = try await send(operations, to: server, token: token)
        #expect(status == 422, "\(String(decoding: data, as: UTF8.self))")
        let body = try JSONDecoder().decode(ErrorBody.self, from: data)
        #expect(body.error.code == "wallTimeAhead")
        #expect(body.error.message.contains("at most \(skewSeconds) seconds ahead of the server's clock"))
    }

    func expectStored(_ operations: [ProjectOperation], on server: ServerProcess, token: String) async throws {
        let (data, status) = try await send(operations, to: server, token: token)
        #expect(status == 200, "\(String(decoding: data, as: UTF8.self))")
    }

    func send(_ operations: [ProjectOperation], to server: ServerProcess, token: String) async throws -> (Data, Int) {
        var request = URLRequest(url: server.baseURL.appendingPathComponent("v1/boards/\(Self.board)/operations"))
        request.httpMethod = "POST"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONEncoder().encode(PushRequest(operations: operations))
        let (data, response) = try await URLSession.shared.data(for: request)
        return (data, (response as? HTTPURLResponse)?.statusCode ?? 0)
    }

    func send(pullFrom server: ServerProcess, token: String) async throws -> (Data, Int) {
        var request = URLRequest(
            url: server.baseURL.appendingPathComponent("v1/boards/\(Self.board)/operations"))
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (data, response) = try await URLSession.shared.data(for: request)
        return (data, (response as? HTTPURLResponse)?.statusCode ?? 0)
    }
}

#endif
