import PMDomain
import PMServer
import PMSync
import PMSyncClient
import PMSyncProtocol
import PMTestSupport
import Testing

@Suite struct HTTPSyncTransportSlowAnswerTests {
    /// A snapshot of three cards, as the server writes it.
    static func snapshot() async throws -> BoardSnapshot {
        let fixture = try await ServerFixture.make()
        _ = try await fixture.repository.push(
            board: "team",
            operations: (1...3).map {
                SyncFixtures.operation($0, project: $0, fields: ProjectFields(title: "Card \($0)"))
            })
        return try await fixture.repository.snapshot(board: "team")
    }

    @Test(.timeLimit(.minutes(1)))
    func aSnapshotThatKeepsComingIsReadToItsEndThoughItTakesLongerThanTheTimeout() async throws {
        // Given a server sending the snapshot in twelve parts half a second apart (six seconds in
        // all), and a transport whose timeout is four seconds. The margins are wide because the
        // whole suite runs at once beside other builds: with a second's timeout and parts a
        // fifth of a second apart, a loaded machine once kept the answer's head or a part from
        // arriving in time (a fourth pass in a row, load average 7).
        let expected = try await Self.snapshot()
        let server = TricklingServer(answer: expected.json, count: 12, gap: .milliseconds(500))
        let fixture = try await ServerFixture.make()

        // When the snapshot is asked for
        let (snapshot, took) = try await server.withServer { port -> (BoardSnapshot, Duration) in
            let transport = fixture.transport(port: port, timeout: .seconds(4))
            let clock = ContinuousClock()
            let start = clock.now
            let snapshot = try await transport.snapshot()
            return (snapshot, clock.now - start)
        }

        // Then it arrives whole, though the answer lasted longer than the timeout
        #expect(took > .seconds(4))
        #expect(snapshot == expected)
    }

    @Test(.timeLimit(.minutes(1)))
    func aSnapshotThatStopsComingFailsAsNoAnswerWithinTheTimeLimit() async throws {
        // Given a server that sends the head and the first part of the snapshot, then nothing,
        // and a transport whose timeout is half a second
        let expected = try await Self.snapshot()
        let server = TricklingServer(answer: expected.json, count: 4, gap: .zero, silentAfter: 1)
        let fixture = try await ServerFixture.make()

        // When the snapshot is asked for
        let error = try await server.withServer { port -> SyncTransportError? in
            let transport = fixture.transport(port: port, timeout: .milliseconds(500))
            do {
                _ = try await transport.snapshot()
                return nil
            } catch let error as SyncTransportError {
                return error
            } catch {
                return nil
            }
        }

        // Then it fails as the server not answering in time, rather than waiting for ever
        #expect(error == .unreachable("no answer within the time limit"))
    }
}
