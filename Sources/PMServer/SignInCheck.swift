public import PMSyncProtocol

/// Checks what a person types to sign in where no bearer header can be sent — the web board's
/// sign-in form and HTTP Basic for calendar apps: a user name and, in one field, one of that
/// user's tokens (an app password) or their password. One home, so every way in follows the same
/// rules.
public struct SignInCheck<Repository: SyncRepository>: Sendable {
    /// Where tokens and passwords are looked up.
    public let repository: Repository

    /// A check against `repository`.
    public init(repository: Repository) {
        self.repository = repository
    }

    /// The user `name` when `secret` is one of their tokens (or their password), else `nil`.
    /// A token of another user never signs in `name`.
    public func user(named name: String, secret: String) async throws -> UserName? {
        let token = AccessToken(secret)
        if token.description.utf8.count >= AccessToken.prefixLength {
            let candidates = try await repository.tokens(prefix: token.prefix)
            if candidates.contains(where: { $0.user == name && token.matches($0) }) { return UserName(name) }
        }
        return nil
    }
}
