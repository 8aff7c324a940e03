// Swift Testing is not in the static standard library, and a plain `swift build` builds this
// target too: without the guard the README's `swift build -c release --static-swift-stdlib` fails.
#if canImport(Testing)

import Foundation
import PMDomain
public import PMServer
import PMSyncProtocol
public import Testing

/// The behaviour every ``PushSubscriptionRepository`` must show, run against each backend like
/// ``SyncRepositoryConformance``.
public enum PushSubscriptionConformance {
    /// Makes a fresh, empty repository.
    public typealias Factory = @Sendable () async throws -> any PushSubscriptionRepository

    /// One named behaviour.
    public struct Check: Sendable, CustomTestStringConvertible {
        /// What it pins.
        public let name: String
        /// Runs it on a repository from the factory.
        public let run: @Sendable (Factory) async throws -> Void

        public var testDescription: String { name }
    }

    /// Every behaviour.
    public static let checks: [Check] = [
        Check(name: "theFirstKeyStoredIsKept", run: theFirstKeyStoredIsKept),
        Check(name: "aSubscriptionIsStoredReplacedAndRemoved", run: aSubscriptionIsStoredReplacedAndRemoved),
        Check(name: "onlyAMemberSubscribes", run: onlyAMemberSubscribes),
        Check(name: "aFormerMemberIsSentNothing", run: aFormerMemberIsSentNothing),
        Check(name: "aSubscriptionEndsWithItsSession", run: aSubscriptionEndsWithItsSession),
        Check(name: "aReminderIsClaimedOnce", run: aReminderIsClaimedOnce),
        Check(name: "aGoneEndpointLosesEverySubscription", run: aGoneEndpointLosesEverySubscription),
    ]

    static let endpoint = "https://push.example/send/abc"
    static let otherEndpoint = "https://push.example/send/xyz"
    static let card = UUID(uuidString: "00000000-0000-4000-8000-0000000000d1")!
    static let session = [UInt8](repeating: 7, count: 32)

    static func subscription(
        _ endpoint: String = endpoint, board: BoardName = "team", user: UserName = "ada", key: UInt8 = 1,
        session: [UInt8]? = nil, timeZone: String? = "Asia/Seoul"
    ) -> PushSubscription {
        PushSubscription(
            endpoint: endpoint, p256dh: [4] + [UInt8](repeating: key, count: 64),
            auth: [UInt8](repeating: key, count: 16), board: board, user: user, session: session, timeZone: timeZone)
    }

    static func teamBoards(_ make: Factory) async throws -> any PushSubscriptionRepository {
        let repository = try await make()
        try await repository.addUser(name: "ada")
        try await repository.addUser(name: "bob")
        try await repository.addBoard("team", members: ["ada", "bob"])
        try await repository.addBoard("home", members: ["ada"])
        return repository
    }

    static func theFirstKeyStoredIsKept(_ make: Factory) async throws {
        let repository = try await make()
        let first = [UInt8](repeating: 1, count: 32)
        #expect(try await repository.pushKey(orAdd: first) == first)
        #expect(try await repository.pushKey(orAdd: [UInt8](repeating: 2, count: 32)) == first)
    }

    static func aSubscriptionIsStoredReplacedAndRemoved(_ make: Factory) async throws {
        let repository = try await teamBoards(make)
        try await repository.addPushSubscription(subscription())
        try await repository.addPushSubscription(subscription(board: "home", timeZone: nil))
        try await repository.addPushSubscription(subscription(key: 9))
        #expect(
            try await repository.pushSubscriptions() == [
                subscription(board: "home", timeZone: nil), subscription(key: 9),
            ]
        )
        #expect(try await !repository.deletePushSubscription(endpoint: endpoint, board: "team", user: "bob"))
        #expect(try await repository.deletePushSubscription(endpoint: endpoint, board: "team", user: "ada"))
        #expect(try await !repository.deletePushSubscription(endpoint: endpoint, board: "team", user: "ada"))
        #expect(try await repository.pushSubscriptions() == [subscription(board: "home", timeZone: nil)])
    }

    static func onlyAMemberSubscribes(_ make: Factory) async throws {
        let repository = try await teamBoards(make)
        await #expect(throws: SyncRepositoryError.notAMember(board: "home", user: "bob")) {
            try await repository.addPushSubscription(subscription(board: "home", user: "bob"))
        }
        await #expect(throws: SyncRepositoryError.boardUnknown("nowhere")) {
            try await repository.addPushSubscription(subscription(board: "nowhere"))
        }
        #expect(try await repository.pushSubscriptions().isEmpty)
    }

    static func aFormerMemberIsSentNothing(_ make: Factory) async throws {
        let repository = try await teamBoards(make)
        try await repository.addPushSubscription(subscription(user: "bob"))
        _ = try await repository.removeMember(board: "team", user: "bob")
        #expect(try await repository.pushSubscriptions().isEmpty)
    }

    static func aSubscriptionEndsWithItsSession(_ make: Factory) async throws {
        let repository = try await teamBoards(make)
        await #expect(throws: PushSubscriptionError.sessionEnded) {
            try await repository.addPushSubscription(subscription(session: session))
        }
        try await repository.addSession(
            StoredSession(hash: session, user: "ada", expires: Date(timeIntervalSince1970: 2_000_000_000)))
        try await repository.addPushSubscription(subscription(session: session))
        try await repository.addPushSubscription(subscription(otherEndpoint))
        #expect(try await repository.pushSubscriptions().count == 2)
        try await repository.deleteSession(hash: session)
        #expect(try await repository.pushSubscriptions() == [subscription(otherEndpoint)])
    }

    static func aReminderIsClaimedOnce(_ make: Factory) async throws {
        let repository = try await teamBoards(make)
        try await repository.addPushSubscription(subscription())
        try await repository.addPushSubscription(subscription(otherEndpoint))
        let reminder = Reminder(projectID: card, deadline: Deadline(year: 2026, month: 12, day: 1)!)
        let moved = Reminder(projectID: card, deadline: Deadline(year: 2026, month: 12, day: 2)!)
        #expect(try await repository.claimPushReminder(reminder, endpoint: endpoint, board: "team"))
        #expect(try await !repository.claimPushReminder(reminder, endpoint: endpoint, board: "team"))
        #expect(try await repository.claimPushReminder(reminder, endpoint: otherEndpoint, board: "team"))
        #expect(try await repository.claimPushReminder(moved, endpoint: endpoint, board: "team"))
        try await repository.releasePushReminder(reminder, endpoint: endpoint, board: "team")
        #expect(try await repository.claimPushReminder(reminder, endpoint: endpoint, board: "team"))
        // Subscribing again (every page load does) keeps what was sent.
        try await repository.addPushSubscription(subscription(key: 5))
        #expect(try await !repository.claimPushReminder(reminder, endpoint: endpoint, board: "team"))
    }

    static func aGoneEndpointLosesEverySubscription(_ make: Factory) async throws {
        let repository = try await teamBoards(make)
        try await repository.addPushSubscription(subscription())
        try await repository.addPushSubscription(subscription(board: "home"))
        try await repository.addPushSubscription(subscription(otherEndpoint))
        let reminder = Reminder(projectID: card, deadline: Deadline(year: 2026, month: 12, day: 1)!)
        #expect(try await repository.claimPushReminder(reminder, endpoint: endpoint, board: "team"))
        try await repository.deletePushSubscriptions(endpoint: endpoint)
        #expect(try await repository.pushSubscriptions() == [subscription(otherEndpoint)])
        try await repository.addPushSubscription(subscription())
        #expect(try await repository.claimPushReminder(reminder, endpoint: endpoint, board: "team"))
    }
}

#endif
