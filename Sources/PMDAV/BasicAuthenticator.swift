public import Hummingbird
public import HummingbirdAuth
public import PMServer
public import PMSyncProtocol

/// Signs in the user of `Authorization: Basic` — user name and password, or user name and one of
/// their tokens as an app password — through ``SignInCheck``, the one home of those rules.
/// Calendar apps know no other way. A request already signed in (by a bearer token) or without
/// Basic credentials passes on as it is. With a `limiter`, each is a sign-in attempt counted as
/// the web board's form counts its own (``SignInAttempts``): one rule for every way in.
public struct BasicAuthenticator<Repository: SyncRepository>: AuthenticatorMiddleware {
    public typealias Context = BoardRequestContext

    /// What checks the name and secret.
    public let check: SignInCheck<Repository>
    /// The server's count of sign-in attempts, if limited.
    public let limiter: SignInLimiter?

    /// An authenticator over `check`, counting attempts with `limiter`.
    public init(check: SignInCheck<Repository>, limiter: SignInLimiter? = nil) {
        self.check = check
        self.limiter = limiter
    }

    public func authenticate(request: Request, context: Context) async throws -> UserName? {
        guard context.identity == nil, let basic = request.headers.basic else { return nil }
        let name = UserName(basic.username)
        guard let limiter else { return try await check.user(named: name, secret: basic.password) }
        let key = SignInKey.user(basic.username, address: context.remoteAddress)
        switch try await limiter.attempt(key, check: { try await check.user(named: name, secret: basic.password) }) {
        case .signedIn(let user): return user
        case .wrong: return nil
        case .refused(let seconds): throw DAVError.tooManySignIns(retryAfter: seconds)
        }
    }
}

/// Answers 401 with `WWW-Authenticate: Basic` when no authenticator in front of it signed the
/// request in: the challenge is what makes a calendar app ask for the password.
struct DAVSignInRequired: RouterMiddleware {
    typealias Context = BoardRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard context.identity != nil else { return DAVError.unauthorized.response }
        return try await next(request, context)
    }
}

/// Answers a ``DAVError`` thrown by a CalDAV route in CalDAV's own form (plain text or a
/// `DAV:error` document) rather than the JSON of the sync API.
struct DAVErrorMiddleware: RouterMiddleware {
    typealias Context = BoardRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as DAVError {
            return error.response
        }
    }
}
