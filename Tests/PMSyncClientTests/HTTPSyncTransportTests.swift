import PMDomain
import PMSync
import PMSyncClient
import PMSyncProtocol
import PMTestSupport
import Synchronization
import Testing

@Suite struct HTTPSyncTransportTests {
    @Test func pushedOperationsComeBackInThePullInServerOrder() async throws {
        let fixture = try await ServerFixture.make()
        try await fixture.withServer { port in
            // Given
            let transport = fixture.transport(port: port)
            let operations = (1...3).map { SyncFixtures.operation($0) }

            // When
            let results = try await transport.push(operations)
            let first = try await transport.pull(after: 0, limit: 2)
            let rest = try await transport.pull(after: first.next, limit: OperationPage.limit)

            // Then
            #expect(results == [1, 2, 3].map { PushResponse.Result(id: SyncFixtures.uuid($0), seq: Int64($0)) })
            // (each with its author: the token's user, ada)
            #expect(
                first.operations
                    == [1, 2].map {
                        OperationPage.Entry(seq: Int64($0), operation: operations[$0 - 1], author: "ada")
                    })
            #expect(first.next == 2 && first.head == 3)
            #expect(rest.operations.map(\.operation) == [operations[2]])
            #expect(rest.next == 3 && rest.head == 3)
        }
    }

    @Test func aRetriedPushIsAnsweredWithTheSameSequenceNumbers() async throws {
        let fixture = try await ServerFixture.make()
        try await fixture.withServer { port in
            // Given a batch the server has already stored
            let transport = fixture.transport(port: port)
            let batch = (1...2).map { SyncFixtures.operation($0) }
            let first = try await transport.push(batch)

            // When it is sent again, with one new operation
            let retried = try await transport.push(batch + [SyncFixtures.operation(3)])

            // Then the stored ones keep their numbers and nothing is stored twice
            #expect(retried.prefix(2) == first[...])
            #expect(retried.last?.seq == 3)
            #expect(try await transport.pull(after: 0, limit: 10).head == 3)
        }
    }

    @Test func theSnapshotHoldsTheMergedCardsAndTheirSequenceNumber() async throws {
        let fixture = try await ServerFixture.make()
        try await fixture.withServer { port in
            // Given a card created, then renamed
            let transport = fixture.transport(port: port)
            let created = SyncFixtures.operation(
                1,
                fields: ProjectFields(title: "Draft", deadline: Deadline(year: 2026, month: 12, day: 1)!, status: .todo)
            )
            let renamed = SyncFixtures.operation(2, fields: ProjectFields(title: "Report"))
            _ = try await transport.push([created, renamed])

            // When
            let snapshot = try await transport.snapshot()

            // Then
            #expect(snapshot.seq == 2)
            #expect(snapshot.projects.map(\.title) == ["Report"])
            #expect(snapshot.projects.map(\.id) == [SyncFixtures.uuid(0x10_0001)])
        }
    }

    @Test func theSnapshotsPagesAreHandedOverAsTheyArriveAndAPageNotStoredEndsTheReadingWithItsOwnError()
        async throws
    {
        struct DiskFull: Error {}
        let fixture = try await ServerFixture.make()
        try await fixture.withServer { port in
            // Given a board of 2,500 cards
            let transport = fixture.transport(port: port)
            for batch in stride(from: 1, through: 2500, by: 500) {
                _ = try await transport.push(
                    (batch..<batch + 500).map {
                        SyncFixtures.operation($0, project: $0, fields: ProjectFields(title: "카드 \($0)"))
                    })
            }

            // When its snapshot is read page by page
            let pages = Mutex<[(seq: Int64, cards: [BoardSnapshot.Card])]>([])
            let seq = try await transport.snapshot { seq, cards in pages.withLock { $0.append((seq, cards)) } }

            // Then three pages came, each with the head's number, holding the whole snapshot
            let taken = pages.withLock { $0 }
            #expect(seq == 2500)
            #expect(taken.map(\.cards.count) == [1000, 1000, 500])
            #expect(taken.allSatisfy { $0.seq == 2500 })
            #expect(taken.flatMap(\.cards) == (try await transport.snapshot().projects))

            // And a page its receiver cannot store ends the reading with the receiver's error,
            // not one of the network's
            let stored = Mutex(0)
            await #expect(throws: DiskFull.self) {
                _ = try await transport.snapshot { _, _ in
                    try stored.withLock { count in
                        count += 1
                        if count == 2 { throw DiskFull() }
                    }
                }
            }
            #expect(stored.withLock { $0 } == 2)
        }
    }

    @Test func anEmptyBoardPullsNothingAndSnapshotsNoCards() async throws {
        let fixture = try await ServerFixture.make()
        try await fixture.withServer { port in
            let transport = fixture.transport(port: port)

            let page = try await transport.pull(after: 0, limit: OperationPage.limit)
            let snapshot = try await transport.snapshot()

            #expect(page == OperationPage(operations: [], next: 0, head: 0))
            #expect(snapshot == BoardSnapshot(seq: 0, projects: []))
        }
    }
}
