import Foundation
import Hummingbird
import HummingbirdTesting
import PMCalendar
import PMDomain
import PMServer
import PMSyncProtocol
import PMTestSupport
import Testing

@Suite struct FeedRouteTests {
    static let adaKey = FeedKey(randomBytes: Array(repeating: 0xFE, count: 20))
    static let deadline = Deadline(daysSince1970: 20_800)

    /// The team server with ada's feed key for `team` and three cards: one open with a Korean
    /// title, one done, one deleted.
    static func fixture() async throws -> ServerFixture {
        let fixture = try await ServerFixture.make()
        try await fixture.repository.addFeedKey(adaKey.stored(for: "ada", board: "team"))
        _ = try await fixture.repository.push(
            board: "team",
            operations: [
                SyncFixtures.operation(
                    1, project: 1,
                    fields: ProjectFields(title: "출시 준비 🚀", description: "", deadline: deadline, status: .doing)),
                SyncFixtures.operation(
                    2, project: 2, fields: ProjectFields(title: "Done", deadline: deadline, status: .done)),
                SyncFixtures.operation(
                    3, project: 3, fields: ProjectFields(title: "Gone", deadline: deadline, status: .todo)),
                SyncFixtures.operation(4, project: 3, fields: ProjectFields(deleted: true)),
            ])
        return fixture
    }

    @Test func givenAMembersKeyWhenTheFeedIsFetchedThenEachOpenCardIsAnAllDayEventWithAnAlarm() async throws {
        // Given ada's key for team
        let fixture = try await Self.fixture()
        try await fixture.application.test(.router) { client in
            // When the feed is fetched with no bearer token
            try await client.execute(uri: "/feeds/team.ics?key=\(Self.adaKey)", method: .get) { response in
                // Then it is one VEVENT, for the open card, on its deadline, with a VALARM
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/calendar; charset=utf-8")
                #expect(response.headers[.cacheControl] == "private, no-cache")
                let calendar = try ICalendarReader.read(Array(response.body.readableBytesView))
                #expect(calendar.name == "VCALENDAR")
                #expect(calendar.property("X-WR-CALNAME")?.text == "team")
                let events = calendar.components("VEVENT")
                #expect(events.count == 1)
                let event = try #require(events.first)
                #expect(event.property("SUMMARY")?.text == "출시 준비 🚀")
                let start = try #require(event.property("DTSTART"))
                #expect(start.parameter("VALUE") == "DATE")
                #expect(try ICalendarTime(start) == .date(Self.deadline))
                #expect(event.components("VALARM").count == 1)
            }
        }
    }

    @Test func givenAnUnchangedFeedWhenFetchedWithItsETagThenTheAnswerIs304AndHEADHasTheHeadersOnly()
        async throws
    {
        let fixture = try await Self.fixture()
        try await fixture.application.test(.router) { client in
            let uri = "/feeds/team.ics?key=\(Self.adaKey)"
            let tag = try await client.execute(uri: uri, method: .get) { try #require($0.headers[.eTag]) }
            try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: tag]) { response in
                #expect(response.status == .notModified)
                #expect(response.body.readableBytes == 0)
            }
            try await client.execute(uri: uri, method: .head) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.eTag] == tag)
                #expect(response.headers[.contentType] == "text/calendar; charset=utf-8")
                #expect(response.body.readableBytes == 0)
            }
            // A change to the board changes the tag.
            _ = try await fixture.repository.push(
                board: "team", operations: [SyncFixtures.operation(5, project: 1, fields: ProjectFields(title: "새"))])
            try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: tag]) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.eTag] != tag)
            }
        }
    }

    @Test func givenAWrongMissingOrOtherBoardsKeyWhenTheFeedIsFetchedThenTheAnswerIsA404() async throws {
        let fixture = try await Self.fixture()
        try await fixture.repository.addBoard("other", members: ["ada"])
        let wrong = FeedKey(randomBytes: Array(repeating: 0xFE, count: 19) + [0x00])
        try await fixture.application.test(.router) { client in
            for uri in [
                "/feeds/team.ics?key=\(wrong)", "/feeds/team.ics", "/feeds/team.ics?key=",
                "/feeds/other.ics?key=\(Self.adaKey)", "/feeds/nowhere.ics?key=\(Self.adaKey)",
                "/feeds/team.ics?key=\(fixture.ada)",
            ] {
                try await client.execute(uri: uri, method: .get) { response in
                    try expectError(response, .notFound, code: "feedNotFound")
                }
            }
        }
    }

    @Test func givenARevokedKeyWhenTheFeedIsFetchedThenTheAnswerIsA404() async throws {
        let fixture = try await Self.fixture()
        _ = try await fixture.repository.revokeFeedKey(prefix: Self.adaKey.prefix)
        try await fixture.application.test(.router) { client in
            try await client.execute(uri: "/feeds/team.ics?key=\(Self.adaKey)", method: .get) { response in
                try expectError(response, .notFound, code: "feedNotFound")
            }
        }
    }

    @Test func givenAKeyWhoseUserLeftTheBoardWhenTheFeedIsFetchedThenTheAnswerIsA404() async throws {
        // Given ada's key, and a store in which ada is no longer a member of team
        let fixture = try await Self.fixture()
        let left = LeftBoard(repository: fixture.repository, user: "ada")
        let application = Application(router: buildRouter(repository: left, clockSkew: .acceptingEveryWallTime))
        try await application.test(.router) { client in
            try await client.execute(uri: "/feeds/team.ics?key=\(Self.adaKey)", method: .get) { response in
                try expectError(response, .notFound, code: "feedNotFound")
            }
        }
    }

    @Test func givenTheFeedRouteWhenAnotherMethodIsUsedThenTheAnswerIs405WithAllow() async throws {
        let fixture = try await Self.fixture()
        try await fixture.application.test(.router) { client in
            try await client.execute(uri: "/feeds/team.ics?key=\(Self.adaKey)", method: .post) { response in
                try expectError(response, .methodNotAllowed, code: "methodNotAllowed")
                #expect(response.headers[.allow] == "GET, HEAD")
            }
        }
    }

    @Test func givenABoardNameWithADotWhenItsFeedIsFetchedThenTheWholeNameIsTheBoard() async throws {
        let fixture = try await ServerFixture.make()
        try await fixture.repository.addBoard("team.v2", members: ["ada"])
        try await fixture.repository.addFeedKey(Self.adaKey.stored(for: "ada", board: "team.v2"))
        try await fixture.application.test(.router) { client in
            try await client.execute(uri: "/feeds/team.v2.ics?key=\(Self.adaKey)", method: .get) { response in
                #expect(response.status == .ok)
                let calendar = try ICalendarReader.read(Array(response.body.readableBytesView))
                #expect(calendar.property("X-WR-CALNAME")?.text == "team.v2")
            }
        }
    }

    @Test func givenABoardNameWithASpaceWhenItsFeedIsFetchedByThePathTheKeyPrintsThenItIsServed() async throws {
        let fixture = try await ServerFixture.make()
        try await fixture.repository.addBoard("team room", members: ["ada"])
        try await fixture.repository.addFeedKey(Self.adaKey.stored(for: "ada", board: "team room"))
        #expect(Self.adaKey.path(board: "team room") == "/feeds/team%20room.ics?key=\(Self.adaKey)")
        try await fixture.application.test(.router) { client in
            try await client.execute(uri: Self.adaKey.path(board: "team room"), method: .get) { response in
                #expect(response.status == .ok)
                let calendar = try ICalendarReader.read(Array(response.body.readableBytesView))
                #expect(calendar.property("X-WR-CALNAME")?.text == "team room")
            }
        }
    }
}

/// The repository as it would be once `user` has left every board: the feed must stop for them.
private struct LeftBoard: SyncRepository {
    let repository: InMemorySyncRepository
    let user: UserName

    func isMember(board: BoardName, user: UserName) async throws -> Bool {
        user == self.user ? false : await repository.isMember(board: board, user: user)
    }

    func addUser(name: UserName) async throws { try await repository.addUser(name: name) }
    func addToken(_ token: StoredToken) async throws { try await repository.addToken(token) }
    func tokens(prefix: String) async throws -> [StoredToken] { await repository.tokens(prefix: prefix) }
    func revokeToken(prefix: String) async throws -> UserName { try await repository.revokeToken(prefix: prefix) }
    func setPassword(hash: String, user: UserName) async throws {
        try await repository.setPassword(hash: hash, user: user)
    }
    func passwordHash(user: UserName) async throws -> String? { await repository.passwordHash(user: user) }
    func addFeedKey(_ key: StoredFeedKey) async throws { try await repository.addFeedKey(key) }
    func feedKeys(prefix: String) async throws -> [StoredFeedKey] { await repository.feedKeys(prefix: prefix) }
    func revokeFeedKey(prefix: String) async throws -> StoredFeedKey {
        try await repository.revokeFeedKey(prefix: prefix)
    }
    func addBoard(_ board: BoardName, members: [UserName]) async throws {
        try await repository.addBoard(board, members: members)
    }
    func grant(board: BoardName, user: UserName) async throws { try await repository.grant(board: board, user: user) }
    func push(board: BoardName, author: UserName?, operations: [ProjectOperation]) async throws
        -> [PushResponse.Result]
    {
        try await repository.push(board: board, author: author, operations: operations)
    }
    func operations(board: BoardName, after: Int64, limit: Int) async throws -> OperationPage {
        try await repository.operations(board: board, after: after, limit: limit)
    }
    func snapshot(board: BoardName) async throws -> BoardSnapshot { try await repository.snapshot(board: board) }
    func addSession(_ session: StoredSession) async throws { try await repository.addSession(session) }
    func session(hash: [UInt8]) async throws -> StoredSession? { await repository.session(hash: hash) }
    func deleteSession(hash: [UInt8]) async throws { await repository.deleteSession(hash: hash) }
    func deleteSessions(expiredBefore date: Date) async throws {
        await repository.deleteSessions(expiredBefore: date)
    }
    func boards(member user: UserName) async throws -> [BoardName] { await repository.boards(member: user) }
    func hasUsers() async throws -> Bool { await repository.hasUsers() }
    func users() async throws -> [UserName] { await repository.users() }
    func boards() async throws -> [BoardName] { await repository.boards() }
    func members(board: BoardName) async throws -> [UserName] { try await repository.members(board: board) }
    func tokens(user: UserName) async throws -> [TokenSummary] { try await repository.tokens(user: user) }
    func recordTokenUse(hash: [UInt8], at time: Date) async throws {
        await repository.recordTokenUse(hash: hash, at: time)
    }
    func revokeTokens(user: UserName) async throws -> Int { try await repository.revokeTokens(user: user) }
    func removeMember(board: BoardName, user: UserName) async throws -> [StoredFeedKey] {
        try await repository.removeMember(board: board, user: user)
    }
}
