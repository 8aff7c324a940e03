public import Hummingbird
public import HummingbirdAuth
public import PMSyncProtocol

/// Signs in the user whose token is in `Authorization: Bearer TOKEN`. A request without one,
/// or with a token that is not (or no longer) stored, passes on signed out, for another
/// authenticator beside this one to recognise or for ``BoardAccessMiddleware`` to refuse.
public struct BearerTokenAuthenticator<Context: AuthRequestContext<UserName>, Repository: SyncRepository>:
    AuthenticatorMiddleware
{
    /// Where tokens are looked up.
    public let repository: Repository

    /// An authenticator over `repository`'s tokens.
    public init(repository: Repository, context: Context.Type = Context.self) {
        self.repository = repository
    }

    public func authenticate(request: Request, context: Context) async throws -> UserName? {
        guard let bearer = request.headers.bearer else { return nil }
        let token = AccessToken(bearer.token)
        guard token.description.utf8.count >= AccessToken.prefixLength else { return nil }
        let candidates = try await repository.tokens(prefix: token.prefix)
        return candidates.first(where: token.matches).map(\.user)
    }
}
