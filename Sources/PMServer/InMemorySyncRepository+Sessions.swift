public import Foundation

extension InMemorySyncRepository {
    public func addSession(_ session: StoredSession) throws {
        guard userExists(session.user) else { throw SyncRepositoryError.userUnknown(session.user) }
        sessions[session.hash] = session
    }

    public func session(hash: [UInt8]) -> StoredSession? {
        sessions[hash]
    }

    public func deleteSession(hash: [UInt8]) {
        sessions[hash] = nil
    }

    public func deleteSessions(expiredBefore date: Date) {
        sessions = sessions.filter { $0.value.expires >= date }
    }
}
