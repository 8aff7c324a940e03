public import Hummingbird

/// Refuses a board route (or a CalDAV one) to an address that has failed to sign in too often lately (429 with
/// `Retry-After`), and counts each failure: a request that brought credentials (an
/// `Authorization` header) and was still answered 401. It sits in front of the authenticators,
/// so a guesser's request costs no token lookup once over the limit. The failures are counted
/// by the same ``SignInLimiter`` as the web board's sign-in form.
public struct FailedSignInLimitMiddleware: RouterMiddleware {
    public typealias Context = BoardRequestContext

    /// Where failures are kept.
    public let limiter: SignInLimiter

    /// A limit kept by `limiter`.
    public init(limiter: SignInLimiter) {
        self.limiter = limiter
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let key = SignInLimiter.key(address: context.remoteAddress)
        if let seconds = await limiter.wait(for: [key]) { throw APIError.tooManySignIns(retryAfter: seconds) }
        do {
            // CalDAV answers its 401 (with its Basic challenge) rather than throwing it.
            let response = try await next(request, context)
            if response.status == .unauthorized, request.headers[.authorization] != nil {
                await limiter.recordFailure(for: [key])
            }
            return response
        } catch let error as APIError where error.status == .unauthorized {
            if request.headers[.authorization] != nil { await limiter.recordFailure(for: [key]) }
            throw error
        }
    }
}
