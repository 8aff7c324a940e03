public import Hummingbird
public import HummingbirdAuth
public import PMSyncProtocol

/// Signs in the user whose token is in `Authorization: Bearer TOKEN`. A request without one,
/// or with a token that is not (or no longer) stored, passes on signed out, for another
/// authenticator beside this one to recognise or for ``BoardAccessMiddleware`` to refuse.
/// With a `limiter`, each token brought counts as a sign-in attempt by the token's prefix and the
/// client's address (``SignInAttempts``): a pair over the limit is refused with 429 unchecked,
/// while other tokens from the same address still sign in.
public struct BearerTokenAuthenticator<Context: AuthRequestContext<UserName>, Repository: SyncRepository>:
    AuthenticatorMiddleware
{
    /// Where tokens are looked up.
    public let repository: Repository
    /// The server's count of sign-in attempts, if limited.
    public let limiter: SignInLimiter?

    /// An authenticator over `repository`'s tokens, counting attempts with `limiter` and
    /// writing down each token's last use on its clock.
    public init(repository: Repository, context: Context.Type = Context.self, limiter: SignInLimiter? = nil) {
        self.repository = repository
        self.limiter = limiter
    }

    /// Writes down that `token` signed someone in, at most once a ``TokenUses/resolution``; a
    /// failure to write it does not refuse the sign-in (`token list` shows an older time).
    private func recordUse(of token: StoredToken) async {
        guard let limiter else { return }
        let now = limiter.now()
        guard limiter.tokenUses.shouldRecord(hash: token.hash, at: now) else { return }
        try? await repository.recordTokenUse(hash: token.hash, at: now)
    }

    public func authenticate(request: Request, context: Context) async throws -> UserName? {
        guard let bearer = request.headers.bearer else { return nil }
        let token = AccessToken(bearer.token)
        let check = { () async throws -> UserName? in
            guard token.description.utf8.count >= AccessToken.prefixLength else { return nil }
            let candidates = try await repository.tokens(prefix: token.prefix)
            guard let matched = candidates.first(where: token.matches) else { return nil }
            await recordUse(of: matched)
            return matched.user
        }
        guard let limiter else { return try await check() }
        let address = (context as? BoardRequestContext)?.remoteAddress
        switch try await limiter.attempt(.token(bearer.token, address: address), check: check) {
        case .signedIn(let user): return user
        case .wrong: return nil
        case .refused(let seconds): throw APIError.tooManySignIns(retryAfter: seconds)
        }
    }
}
