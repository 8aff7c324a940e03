import Foundation
public import PMDomain
public import PMSyncProtocol

/// The repository in memory, for tests and for trying the server out.
public actor InMemorySyncRepository: SyncRepository {
    struct Board {
        var members: Set<UserName>
        var log: [ProjectOperation] = []
        /// The author of each operation of `log`, at the same index.
        var authors: [UserName?] = []
        var seqByID: [UUID: Int64] = [:]
        var states: [UUID: ProjectState] = [:]
    }

    var userNames: Set<UserName> = []
    var storedTokens: [StoredToken] = []
    /// When each token last signed someone in, by its hash (InMemorySyncRepository+Admin.swift).
    var tokenLastUses: [[UInt8]: Date] = [:]
    var passwordHashes: [UserName: String] = [:]
    var storedFeedKeys: [StoredFeedKey] = []
    var boardsByName: [BoardName: Board] = [:]
    /// Browser sessions by their hash (``InMemorySyncRepository+Sessions.swift``).
    var sessions: [[UInt8]: StoredSession] = [:]
    /// CalDAV clients' texts by board and card (InMemorySyncRepository+CalendarTexts.swift).
    var calendarTextsByBoard: [BoardName: [UUID: String]] = [:]
    /// Web Push's key, subscriptions and reminders sent (InMemorySyncRepository+Push.swift).
    var push = PushState()

    /// An empty repository.
    public init() {}

    public func addUser(name: UserName) throws {
        if let existing = userNames.first(where: { $0.text.lowercased() == name.text.lowercased() }) {
            throw SyncRepositoryError.userExists(name, as: existing.text)
        }
        userNames.insert(name)
    }

    public func addToken(_ token: StoredToken) throws {
        guard userNames.contains(token.user) else { throw SyncRepositoryError.userUnknown(token.user) }
        storedTokens.append(token)
    }

    public func tokens(prefix: String) -> [StoredToken] {
        storedTokens.filter { $0.prefix == prefix }
    }

    public func revokeToken(prefix: String) throws -> UserName {
        let matching = storedTokens.indices.filter { storedTokens[$0].prefix.hasPrefix(prefix) }
        guard let index = matching.first else { throw SyncRepositoryError.tokenUnknown(prefix) }
        guard matching.count == 1 else { throw SyncRepositoryError.tokenAmbiguous(prefix) }
        let user = storedTokens.remove(at: index).user
        sessions = sessions.filter { $0.value.user != user }
        return user
    }

    public func setPassword(hash: String, user: UserName) throws {
        guard userNames.contains(user) else { throw SyncRepositoryError.userUnknown(user) }
        passwordHashes[user] = hash
        sessions = sessions.filter { $0.value.user != user }
    }

    public func passwordHash(user: UserName) -> String? {
        passwordHashes[user]
    }

    public func addFeedKey(_ key: StoredFeedKey) throws {
        guard userNames.contains(key.user) else { throw SyncRepositoryError.userUnknown(key.user) }
        guard boardsByName[key.board] != nil else { throw SyncRepositoryError.boardUnknown(key.board) }
        guard isMember(board: key.board, user: key.user) else {
            throw SyncRepositoryError.notAMember(board: key.board, user: key.user)
        }
        storedFeedKeys.append(key)
    }

    public func feedKeys(prefix: String) -> [StoredFeedKey] {
        storedFeedKeys.filter { $0.prefix == prefix }
    }

    public func revokeFeedKey(prefix: String) throws -> StoredFeedKey {
        let matching = storedFeedKeys.indices.filter { storedFeedKeys[$0].prefix.hasPrefix(prefix) }
        guard let index = matching.first else { throw SyncRepositoryError.feedKeyUnknown(prefix) }
        guard matching.count == 1 else { throw SyncRepositoryError.feedKeyAmbiguous(prefix) }
        return storedFeedKeys.remove(at: index)
    }

    public func addBoard(_ board: BoardName, members: [UserName]) throws {
        if let existing = boardsByName.keys.first(where: { $0.text.lowercased() == board.text.lowercased() }) {
            throw SyncRepositoryError.boardExists(board, as: existing.text)
        }
        for member in members where !userNames.contains(member) {
            throw SyncRepositoryError.userUnknown(member)
        }
        boardsByName[board] = Board(members: Set(members))
    }

    public func grant(board: BoardName, user: UserName) throws {
        guard boardsByName[board] != nil else { throw SyncRepositoryError.boardUnknown(board) }
        guard userNames.contains(user) else { throw SyncRepositoryError.userUnknown(user) }
        boardsByName[board]?.members.insert(user)
    }

    public func isMember(board: BoardName, user: UserName) -> Bool {
        boardsByName[board]?.members.contains(user) ?? false
    }

    public func boards(member user: UserName) -> [BoardName] {
        boardsByName.filter { $0.value.members.contains(user) }.keys.sorted { $0.text < $1.text }
    }

    public func hasUsers() -> Bool {
        !userNames.isEmpty
    }

    func userExists(_ name: UserName) -> Bool {
        userNames.contains(name)
    }

    /// Whether `board` exists.
    func boardExists(_ board: BoardName) -> Bool { boardsByName[board] != nil }

    public func push(board name: BoardName, author: UserName?, operations: [ProjectOperation]) throws
        -> [PushResponse.Result]
    {
        guard var board = boardsByName[name] else { throw SyncRepositoryError.boardUnknown(name) }
        let stored = operations.reduce(into: [UUID: Int64]()) { stored, operation in
            stored[operation.id] = board.seqByID[operation.id]
        }
        let plan = PushPlan(operations: operations, head: Int64(board.log.count), stored: stored)
        for insert in plan.inserts {
            board.log.append(operations[insert.index])
            board.authors.append(author)
            board.seqByID[operations[insert.index].id] = insert.seq
        }
        let current = plan.touchedProjects.reduce(into: [UUID: ProjectState]()) { $0[$1] = board.states[$1] }
        board.states.merge(plan.mergedStates(current: current)) { _, merged in merged }
        boardsByName[name] = board
        return plan.results
    }

    public func operations(board name: BoardName, after: Int64, limit: Int) throws -> OperationPage {
        guard let board = boardsByName[name] else { throw SyncRepositoryError.boardUnknown(name) }
        let head = Int64(board.log.count)
        let start = Int(min(max(after, 0), head))
        let end = min(start + max(limit, 0), board.log.count)
        let entries = (start..<end).map {
            OperationPage.Entry(seq: Int64($0 + 1), operation: board.log[$0], author: board.authors[$0]?.text)
        }
        return OperationPage(operations: entries, next: entries.last?.seq ?? max(after, 0), head: head)
    }

    public func snapshot(board name: BoardName) throws -> BoardSnapshot {
        guard let board = boardsByName[name] else { throw SyncRepositoryError.boardUnknown(name) }
        return BoardSnapshot(seq: Int64(board.log.count), states: board.states.values)
    }
}
