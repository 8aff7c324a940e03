public import Foundation
public import PMSyncProtocol

extension InMemorySyncRepository {
    // The administrator's lists and removals (`pm-server user list`, `token list`, `board remove`).

    public func users() -> [UserName] {
        userNames.sorted { $0.text < $1.text }
    }

    public func boards() -> [BoardName] {
        boardsByName.keys.sorted { $0.text < $1.text }
    }

    public func members(board: BoardName) throws -> [UserName] {
        guard let found = boardsByName[board] else { throw SyncRepositoryError.boardUnknown(board) }
        return found.members.sorted { $0.text < $1.text }
    }

    public func tokens(user: UserName) throws -> [TokenSummary] {
        guard userNames.contains(user) else { throw SyncRepositoryError.userUnknown(user) }
        return storedTokens.filter { $0.user == user }.map {
            TokenSummary(prefix: $0.prefix, created: $0.created, lastUsed: tokenLastUses[$0.hash])
        }
    }

    public func recordTokenUse(hash: [UInt8], at time: Date) {
        guard storedTokens.contains(where: { $0.hash == hash }) else { return }
        tokenLastUses[hash] = time
    }

    public func revokeTokens(user: UserName) throws -> Int {
        guard userNames.contains(user) else { throw SyncRepositoryError.userUnknown(user) }
        let count = storedTokens.count { $0.user == user }
        storedTokens.removeAll { $0.user == user }
        sessions = sessions.filter { $0.value.user != user }
        return count
    }

    public func removeMember(board: BoardName, user: UserName) throws -> [StoredFeedKey] {
        guard boardsByName[board] != nil else { throw SyncRepositoryError.boardUnknown(board) }
        guard boardsByName[board]?.members.remove(user) != nil else {
            throw SyncRepositoryError.notOnBoard(board: board, user: user)
        }
        let removed = storedFeedKeys.filter { $0.board == board && $0.user == user }
        storedFeedKeys.removeAll { $0.board == board && $0.user == user }
        return removed
    }
}
