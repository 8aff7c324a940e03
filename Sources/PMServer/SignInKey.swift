/// Who a sign-in attempt is for and where it comes from, as ``SignInAttempts`` counts it: a
/// user name (the web board's form, HTTP Basic) or a bearer token's prefix (the API, the live
/// WebSocket), and the client's address.
public struct SignInKey: Hashable, Sendable {
    /// `user:NAME` (in lower case, so `ADA` and `ada` count as one) or `token:PREFIX`.
    public let who: String
    /// `address:ADDRESS` (`address:unknown` when the connection has none).
    public let address: String

    /// An attempt to sign in as `user` from `address`.
    public static func user(_ user: String, address: String?) -> SignInKey {
        SignInKey(who: "user:" + user.lowercased(), address: address)
    }

    /// An attempt with the bearer token `token` from `address`, counted by the token's prefix
    /// (the part the server looks tokens up by; a shorter text counts whole).
    public static func token(_ token: String, address: String?) -> SignInKey {
        SignInKey(who: "token:" + token.prefix(AccessToken.prefixLength), address: address)
    }

    private init(who: String, address: String?) {
        self.who = who
        self.address = "address:" + (address ?? "unknown")
    }

    /// The key of the (address, who) pair.
    public var pair: String { address + " " + who }

    /// Every key the attempt counts against.
    var names: [String] { [pair, who, address] }
}
