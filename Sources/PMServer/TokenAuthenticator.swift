import Hummingbird

/// Finds the user a request's bearer token belongs to.
struct TokenAuthenticator<Repository: SyncRepository> {
    let repository: Repository

    func user(for request: Request) async throws -> String {
        guard let header = request.headers[.authorization], header.hasPrefix("Bearer ") else {
            throw APIError.unauthorized
        }
        let token = AccessToken(String(header.dropFirst("Bearer ".count)))
        guard token.description.utf8.count >= AccessToken.prefixLength else { throw APIError.unauthorized }
        let candidates = try await repository.tokens(prefix: token.prefix)
        guard let match = candidates.first(where: token.matches) else { throw APIError.unauthorized }
        return match.user
    }
}
