/// A subscription the store refused for a reason of its own (the others are
/// ``SyncRepositoryError``s).
public struct PushSubscriptionError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: Hashable, Sendable { case sessionEnded }

    private let code: Code
    /// The message shown.
    public let description: String

    /// The browser session the subscription was made in has ended (signed out, expired) since.
    public static let sessionEnded = PushSubscriptionError(
        code: .sessionEnded, description: "the browser session that subscribed has ended; sign in again")
}
