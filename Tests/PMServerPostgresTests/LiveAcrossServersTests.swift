import Foundation
import HTTPTypes
import HummingbirdWSClient
import Logging
import NIOWebSocket
import PMSyncProtocol
import PMTestSupport
import Synchronization
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Two `pm-server` processes on one PostgreSQL database: a push through one reaches the live
/// connections of the other, through LISTEN/NOTIFY.
@Suite(.enabled(if: PostgresTestDatabase.isAvailable, PostgresTestDatabase.skipMessage))
struct LiveAcrossServersTests {
    @Test func aPushThroughOneServerIsAnnouncedOnTheOthersLiveConnection() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let token = try ServerProcess.addMember("ada", board: "team", database: url)
            try await ServerPair.with(database: url) { servers in
                let (listening, pushing) = (servers.listening, servers.pushing)
                let heads = Heads()
                let connection = servers.follow(token: token, into: heads, last: { $0 == 3 })
                defer { connection.cancel() }
                try await heads.wait { $0 == [0] }
                #expect(heads.seen == [0], "the head on connecting")

                // The listening server's LISTEN is in place once it answers; push through the other.
                var request = URLRequest(url: pushing.baseURL.appendingPathComponent("v1/boards/team/operations"))
                request.httpMethod = "POST"
                request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                request.httpBody = try JSONEncoder().encode(
                    PushRequest(operations: (1...3).map { SyncFixtures.operation($0) }))
                let (_, response) = try await URLSession.shared.data(for: request)
                #expect((response as? HTTPURLResponse)?.statusCode == 200)

                try await heads.wait { $0.last == 3 }
                #expect(heads.seen == [0, 3], "the other server's push reached this connection: \(listening.log)")
            }
        }
    }
}

/// The heads a connection received, read by the test while the connection writes.
final class Heads: Sendable {
    private let received = Mutex<[Int64]>([])

    var seen: [Int64] { received.withLock { $0 } }

    func append(_ head: Int64) { received.withLock { $0.append(head) } }

    /// Waits up to 10 s for `condition` to hold.
    func wait(_ condition: ([Int64]) -> Bool) async throws {
        for _ in 0..<1000 where !condition(seen) { try await Task.sleep(for: .milliseconds(10)) }
    }
}
