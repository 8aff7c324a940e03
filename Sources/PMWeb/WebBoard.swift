public import Foundation
public import PMServer

/// The web board, as additions to the sync server (``ServerAdditions``): its pages (sign-in,
/// the boards list, one board, the first run), its files, `GET /v1/session`, and the session
/// cookie as a way into the board routes and the live WebSocket beside the bearer token.
public struct WebBoard<Repository: SyncRepository>: Sendable {
    let resources: WebResources
    let sessions: Sessions<Repository>
    let signIn: SignInCheck<Repository>
    let limiter: SignInLimiter
    let firstRun: FirstRun?

    /// The board over `repository`, serving `resources`; `signIn` checks what people type;
    /// `now` and `randomBytes` (cryptographically secure) are injected so that tests choose the
    /// time and the session ids; `firstRun` is given when the server starts with no user yet.
    public init(
        repository: Repository, resources: WebResources, signIn: SignInCheck<Repository>,
        now: @escaping @Sendable () -> Date, randomBytes: @escaping @Sendable (_ count: Int) -> [UInt8],
        firstRun: FirstRun? = nil
    ) {
        self.resources = resources
        sessions = Sessions(repository: repository, now: now, randomBytes: randomBytes)
        self.signIn = signIn
        limiter = SignInLimiter(now: now)
        self.firstRun = firstRun
    }

    /// What the server mounts: the routes and the session authenticator.
    public var additions: ServerAdditions {
        let board = self
        return ServerAdditions(
            boardAuthenticators: [SessionAuthenticator(sessions: sessions)],
            routes: [
                { routes in
                    StaticFilesController(resources: board.resources).addRoutes(to: routes)
                    SignInController(sessions: board.sessions, signIn: board.signIn, limiter: board.limiter)
                        .addRoutes(to: routes)
                    BoardPageController(sessions: board.sessions, resources: board.resources).addRoutes(to: routes)
                    SessionController(sessions: board.sessions).addRoutes(to: routes)
                    if let firstRun = board.firstRun {
                        WelcomeController(sessions: board.sessions, firstRun: firstRun).addRoutes(to: routes)
                    }
                }
            ])
    }
}
