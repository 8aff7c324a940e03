import PMServer
import PMSync
import PMSyncClient
import PMSyncProtocol
import PMTestSupport
import Testing

@Suite(.timeLimit(.minutes(1))) struct HTTPSyncTransportLiveTests {
    @Test func headsStartWithTheCurrentHeadAndFollowEachPush() async throws {
        let fixture = try await ServerFixture.make()
        _ = try await fixture.repository.push(board: "team", operations: (1...2).map { SyncFixtures.operation($0) })
        try await fixture.withServer { port in
            // Given a live connection that has seen the current head
            let transport = fixture.transport(port: port)
            var heads = transport.heads().makeAsyncIterator()
            let first = try await heads.next()

            // When operations land
            _ = try await transport.push((3...5).map { SyncFixtures.operation($0) })
            let second = try await heads.next()

            // Then
            #expect(first == 2)
            #expect(second == 5)
        }
    }

    @Test func stoppingTheConsumerClosesTheConnection() async throws {
        let fixture = try await ServerFixture.make()
        try await fixture.withServer { port in
            // Given a consumer following the board
            let transport = fixture.transport(port: port)
            let consumer = Task { () -> Int64? in
                for try await head in transport.heads() where head >= 0 { return head }
                return nil
            }
            #expect(try await consumer.value == 0)

            // Then leaving the loop ends the server's side of the socket too
            try await waitUntil { fixture.live.subscriberCount(board: "team") == 0 }
            #expect(fixture.live.subscriberCount(board: "team") == 0)
        }
    }

    @Test func cancellingAWaitingConsumerClosesTheConnection() async throws {
        let fixture = try await ServerFixture.make()
        try await fixture.withServer { port in
            // Given a consumer waiting for a head that will not come
            let transport = fixture.transport(port: port)
            let consumer = Task {
                var count = 0
                for try await _ in transport.heads() { count += 1 }
                return count
            }
            try await waitUntil { fixture.live.subscriberCount(board: "team") == 1 }

            // When
            consumer.cancel()

            // Then
            _ = try? await consumer.value
            try await waitUntil { fixture.live.subscriberCount(board: "team") == 0 }
            #expect(fixture.live.subscriberCount(board: "team") == 0)
        }
    }

    @Test func headsFinishWhenTheServerClosesTheConnection() async throws {
        // Given a consumer connected to a server that has received the first head. The server
        // subscribes before it reads and sends the head, so waiting for the subscription alone
        // could shut the server down before the head was sent: wait for the head itself.
        let fixture = try await ServerFixture.make()
        let (seen, seeing) = AsyncStream.makeStream(of: Int64.self)
        let (consumer, first, received) = try await fixture.withServer { port in
            let transport = fixture.transport(port: port)
            let consumer = Task {
                var heads: [Int64] = []
                for try await head in transport.heads() {
                    heads.append(head)
                    seeing.yield(head)
                }
                return heads
            }
            var heads = seen.makeAsyncIterator()
            let first = await heads.next()
            return (consumer, first, fixture.live.subscriberCount(board: "team"))
        }

        // When the server shuts down, then the heads end without an error
        #expect(first == 0)
        #expect(received == 1)
        #expect(try await consumer.value == [0])
    }

    @Test func aRefusedUpgradeIsRefusedWithTheServersReason() async throws {
        let fixture = try await ServerFixture.make()
        let stranger = AccessToken(randomBytes: Array(repeating: 0xCC, count: 20))
        try await fixture.withServer { port in
            let cases = [
                (fixture.transport(port: port, token: stranger), 401),
                (fixture.transport(port: port, token: fixture.bob), 404),
            ]
            for (transport, status) in cases {
                let error = await HTTPSyncTransportErrorTests.error { for try await _ in transport.heads() {} }

                #expect(error?.refusal?.status == status)
            }
            #expect(fixture.live.subscriberCount(board: "team") == 0)
        }
    }
}
