import Foundation
public import PMDomain
public import PMSyncProtocol

extension InMemorySyncRepository: PushSubscriptionRepository {
    public func pushKey(orAdd new: [UInt8]) -> [UInt8] {
        if let key = push.key { return key }
        push.key = new
        return new
    }

    public func addPushSubscription(_ subscription: PushSubscription) throws {
        guard boardExists(subscription.board) else { throw SyncRepositoryError.boardUnknown(subscription.board) }
        guard isMember(board: subscription.board, user: subscription.user) else {
            throw SyncRepositoryError.notAMember(board: subscription.board, user: subscription.user)
        }
        if let session = subscription.session, sessions[session] == nil { throw PushSubscriptionError.sessionEnded }
        push.subscriptions.removeAll { $0.endpoint == subscription.endpoint && $0.board == subscription.board }
        push.subscriptions.append(subscription)
    }

    public func deletePushSubscription(endpoint: String, board: BoardName, user: UserName) -> Bool {
        let before = push.subscriptions.count
        push.subscriptions.removeAll { $0.endpoint == endpoint && $0.board == board && $0.user == user }
        forgetRemindersOfRemovedSubscriptions()
        return push.subscriptions.count < before
    }

    public func deletePushSubscriptions(endpoint: String) {
        push.subscriptions.removeAll { $0.endpoint == endpoint }
        forgetRemindersOfRemovedSubscriptions()
    }

    public func pushSubscriptions() -> [PushSubscription] {
        // A session ends in several places (sign-out, expiry, a revoked token, a new password);
        // its subscriptions go with it here, as the databases' foreign keys make them go there.
        push.subscriptions.removeAll { subscription in
            subscription.session.map { sessions[$0] == nil } ?? false
        }
        forgetRemindersOfRemovedSubscriptions()
        return push.subscriptions.filter { isMember(board: $0.board, user: $0.user) }
            .sorted { ($0.board.text, $0.endpoint) < ($1.board.text, $1.endpoint) }
    }

    public func claimPushReminder(_ reminder: Reminder, endpoint: String, board: BoardName) -> Bool {
        push.sent.insert(PushState.Sent(reminder: reminder, endpoint: endpoint, board: board)).inserted
    }

    public func releasePushReminder(_ reminder: Reminder, endpoint: String, board: BoardName) {
        push.sent.remove(PushState.Sent(reminder: reminder, endpoint: endpoint, board: board))
    }

    /// Reminders go with the subscription they were sent to.
    private func forgetRemindersOfRemovedSubscriptions() {
        let kept = Set(push.subscriptions.map { PushState.Subscribed(endpoint: $0.endpoint, board: $0.board) })
        push.sent = push.sent.filter { kept.contains(PushState.Subscribed(endpoint: $0.endpoint, board: $0.board)) }
    }
}

/// The in-memory repository's Web Push part: the VAPID key, the subscriptions, and the
/// reminders sent to each.
struct PushState {
    struct Subscribed: Hashable {
        var endpoint: String
        var board: BoardName
    }

    struct Sent: Hashable {
        var reminder: Reminder
        var endpoint: String
        var board: BoardName
    }

    var key: [UInt8]?
    var subscriptions: [PushSubscription] = []
    var sent: Set<Sent> = []
}
