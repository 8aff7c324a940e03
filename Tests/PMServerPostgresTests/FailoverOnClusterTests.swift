import Foundation
import PMSyncProtocol
import PMTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Two `pm-server` processes on a three-node cluster (scripts/lib/postgres-cluster.sh, which
/// `bash scripts/test` starts and names in `PM_TEST_POSTGRES_CLUSTER_URL` and
/// `PM_TEST_POSTGRES_CLUSTER_DIR`): the primary's machine is killed, and both servers follow the
/// promoted standby without a restart.
@Suite(.enabled(if: ClusterUnderTest.isAvailable, ClusterUnderTest.skipMessage))
struct FailoverOnClusterTests {
    @Test func aFailoverIsFollowedWithoutARestartAndLiveClientsGetHeadsAgain() async throws {
        let cluster = try ClusterUnderTest()
        let url = try cluster.freshDatabase()
        let token = try ServerProcess.addMember("ada", board: "team", database: url)
        try await ServerPair.with(database: url) { servers in
            let (listening, pushing) = (servers.listening, servers.pushing)
            let processes = (listening.processIdentifier, pushing.processIdentifier)
            let heads = Heads()
            let connection = servers.follow(token: token, into: heads)
            defer { connection.cancel() }
            try await heads.wait { $0 == [0] }
            #expect(try await push(1...3, through: pushing, token: token).status == 200)
            try await heads.wait { $0.last == 3 }

            // Given the primary's machine dies,
            let failover = try cluster.failover()

            // when the device sends its next push until it is taken (as `pm` does on a 503),
            var answers: [Int] = []
            var retryAfterOnEvery503 = true
            let deadline = ContinuousClock.now + .seconds(90)
            while ContinuousClock.now < deadline {
                let answer = try await push(4...6, through: pushing, token: token)
                answers.append(answer.status)
                if answer.status == 503 && answer.retryAfter == nil { retryAfterOnEvery503 = false }
                if answer.status == 200 { break }
                try await Task.sleep(for: .milliseconds(500))
            }

            // then it is taken by the same processes, every refusal meanwhile was a 503 to retry,
            #expect(answers.last == 200, "pushes resumed after the failover (\(failover)): \(answers) \(pushing.log)")
            #expect(answers.allSatisfy { $0 == 200 || $0 == 503 }, "\(answers)")
            #expect(retryAfterOnEvery503)
            #expect(listening.processIdentifier == processes.0 && pushing.processIdentifier == processes.1)
            // and the other server's live client hears of it through its LISTEN on the new primary.
            for _ in 0..<3 where heads.seen.last != 6 { try await heads.wait { $0.last == 6 } }
            #expect(heads.seen.last == 6, "heads after the failover: \(heads.seen) \(listening.log)")
            // A push sent again after the fact counts once: its operations are stored already.
            let again = try await push(4...6, through: pushing, token: token)
            #expect(again.status == 200)
            #expect(try cluster.operationCount(url: url) == 6)
        }
    }

    private func push(_ numbers: ClosedRange<Int>, through server: ServerProcess, token: String) async throws
        -> (status: Int, retryAfter: String?)
    {
        var request = URLRequest(url: server.baseURL.appendingPathComponent("v1/boards/team/operations"))
        request.httpMethod = "POST"
        request.timeoutInterval = 30
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONEncoder().encode(PushRequest(operations: numbers.map { SyncFixtures.operation($0) }))
        // A push left unanswered is recorded as 0, which the test refuses: a device would wait.
        guard let (_, response) = try? await URLSession.shared.data(for: request) else { return (0, nil) }
        let http = response as? HTTPURLResponse
        return (http?.statusCode ?? 0, http?.value(forHTTPHeaderField: "Retry-After"))
    }
}
