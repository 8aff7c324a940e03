import Foundation
public import PMDomain
public import PMSyncProtocol

/// What deadline notifications by Web Push need of the server's store: the server's VAPID key,
/// the browsers subscribed to each board, and which reminders each was already sent, so that a
/// restart, or another server sharing the database, never sends one twice. Apart from
/// ``SyncRepository``, like ``CalendarTextRepository``, so a repository without push need not
/// implement it.
public protocol PushSubscriptionRepository: SyncRepository {
    /// The server's VAPID private key (a P-256 scalar, 32 bytes): the one stored, or `new`,
    /// stored now, when there is none yet. Kept in the database so that every server sharing it
    /// signs with the same key, the one browsers subscribed with.
    func pushKey(orAdd new: [UInt8]) async throws -> [UInt8]
    /// Stores `subscription`, replacing the one with its endpoint and board (a browser
    /// subscribes again with new keys, or another user signed in on it). Its user must be a
    /// member of its board (``SyncRepositoryError/notAMember(board:user:)``) and its session,
    /// when it has one, must exist (``PushSubscriptionError/sessionEnded``). Reminders already
    /// sent to the endpoint for the board stay recorded.
    func addPushSubscription(_ subscription: PushSubscription) async throws
    /// Removes `user`'s subscription of `endpoint` to `board`; answers whether there was one.
    func deletePushSubscription(endpoint: String, board: BoardName, user: UserName) async throws -> Bool
    /// Removes every subscription of `endpoint` (the push service answered that it is gone),
    /// with the reminders recorded for it.
    func deletePushSubscriptions(endpoint: String) async throws
    /// Every subscription whose user is still a member of its board and whose session, if it
    /// had one, is still there: the ones to send to, by board and endpoint.
    func pushSubscriptions() async throws -> [PushSubscription]
    /// Records that `reminder` is being sent to `endpoint` for `board`, and answers whether this
    /// call recorded it: `false` when it already was (sent before, or being sent by another
    /// server), so exactly one sender sends it.
    func claimPushReminder(_ reminder: Reminder, endpoint: String, board: BoardName) async throws -> Bool
    /// Forgets a claim whose message could not be delivered this time, so a later round tries again.
    func releasePushReminder(_ reminder: Reminder, endpoint: String, board: BoardName) async throws
}
