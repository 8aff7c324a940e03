import Hummingbird
import HummingbirdTesting
import Logging
import PMServer
import PMSyncClient
import PMTestSupport

/// A real `pm-server` application on an in-memory repository, listening on a free local port:
/// `ada` is a member of board `team`, `bob` of none.
struct ServerFixture {
    let team: TeamServer
    let live = LiveHeads()
    var repository: InMemorySyncRepository { team.repository }
    var ada: AccessToken { team.ada }
    var bob: AccessToken { team.bob }

    static func make() async throws -> ServerFixture {
        ServerFixture(team: try await TeamServer.make())
    }

    /// Runs `body` with the port of the running server; the server stops when it returns.
    func withServer<Value: Sendable>(_ body: @Sendable (_ port: Int) async throws -> Value) async throws -> Value {
        let application = buildApplication(
            repository: repository, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            logger: Logger(label: "test.server"), live: live, clockSkew: .acceptingEveryWallTime)
        return try await application.test(.live) { client in
            guard let port = client.port else { throw FixtureError.noPort }
            return try await body(port)
        }
    }

    /// A transport to `board` on `127.0.0.1:port` with `token` (ada's by default), waiting on
    /// `clock` (the real one by default).
    func transport(
        port: Int, board: String = "team", token: AccessToken? = nil, timeout: Duration = .seconds(10),
        clock: any Clock<Duration> = ContinuousClock()
    ) -> HTTPSyncTransport {
        HTTPSyncTransport(
            serverURL: "http://127.0.0.1:\(port)/", board: board, token: (token ?? ada).description, clock: clock,
            timeout: timeout, logger: Logger(label: "test.client"))
    }

    enum FixtureError: Error { case noPort }
}
