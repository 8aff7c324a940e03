public import PMSyncProtocol

/// Checks what a person types to sign in where no bearer header can be sent — the web board's
/// sign-in form and HTTP Basic for calendar apps: a user name and, in one field, one of that
/// user's tokens (an app password) or their password. One home, so every way in follows the same
/// rules.
///
/// Keep one check for the server's life: it remembers successful password checks (see
/// ``SignInCache``), since calendar apps send the password with every request.
public struct SignInCheck<Repository: SyncRepository>: Sendable {
    /// Checks a typed secret against a stored bcrypt hash.
    public typealias Verify = @Sendable (_ secret: String, _ hash: String) async throws -> Bool

    /// Where tokens and passwords are looked up.
    public let repository: Repository
    private let verify: Verify
    private let cache: SignInCache

    /// A check against `repository`, remembering up to `cacheCapacity` successful password
    /// checks; `verify` is bcrypt's check, replaced in tests to count its calls.
    public init(
        repository: Repository, cacheCapacity: Int = 1024, verify: @escaping Verify = PasswordHasher.verify
    ) {
        self.repository = repository
        self.verify = verify
        cache = SignInCache(capacity: cacheCapacity)
    }

    /// What a secret for a user without a password (or without an account) is checked against:
    /// a bcrypt hash at ``PasswordHasher/defaultCost`` (of "nobody signs in with this stand-in",
    /// which signs nobody in: a missing user is refused whatever the check says).
    public static var missingUserHash: String { "$2b$12$Hq3Jw0pZbN6vT1xY8cRkLeAgos.L/DOZgCCGfzBOelAcMRDMEorju" }

    /// The user `name` when `secret` is one of their tokens (or their password), else `nil`.
    /// A token or password of another user never signs in `name`.
    public func user(named name: UserName, secret: String) async throws -> UserName? {
        let token = AccessToken(secret)
        if token.description.utf8.count >= AccessToken.prefixLength {
            let candidates = try await repository.tokens(prefix: token.prefix)
            if candidates.contains(where: { $0.user == name && token.matches($0) }) { return name }
        }
        // No password is shorter than the rule's minimum: refused without bcrypt's cost.
        guard Password.lengths.contains(secret.count) else { return nil }
        guard let hash = try await repository.passwordHash(user: name) else {
            // As slow as a wrong password, so the time taken tells nobody whether `name` exists.
            _ = try await verify(secret, Self.missingUserHash)
            return nil
        }
        let key = SignInCache.key(user: name.text, secret: secret, hash: hash)
        if cache.contains(key) { return name }
        guard try await verify(secret, hash) else { return nil }
        cache.insert(key)
        return name
    }
}
