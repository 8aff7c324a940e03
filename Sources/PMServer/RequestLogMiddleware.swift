import Foundation
import Hummingbird
import HummingbirdCore
import Logging

/// Logs each request at debug level, as Hummingbird's request log does, but with the
/// credentials a URL can carry taken out of its query (``redacted(_:)``): a calendar feed is
/// read with its key in the URL (`/feeds/team.ics?key=pmf_…`), the first-run link with its code,
/// and whoever reads the log must not be able to read the feed or claim the server.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Query parameters whose values are secrets, whatever they look like.
    static var secretNames: Set<String> { ["key", "code", "token", "secret", "password", "access_token"] }
    /// What a secret value is logged as.
    static var mask: String { "REDACTED" }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        context.logger.debug(
            "Request",
            metadata: [
                "hb.request.path": .string(Self.redacted(request.uri)),
                "hb.request.method": .string(request.method.rawValue),
            ])
        return try await next(request, context)
    }

    /// `uri` as logged: the path and the query, with the value of every parameter named in
    /// ``secretNames``, or that looks like a token or feed key (`pm_…`, `pmf_…`), masked.
    static func redacted(_ uri: URI) -> String {
        guard let query = uri.query, !query.isEmpty else { return uri.path }
        let parameters = query.split(separator: "&", omittingEmptySubsequences: false).map { parameter in
            guard let equals = parameter.firstIndex(of: "=") else { return String(parameter) }
            let name = parameter[..<equals]
            let value = parameter[parameter.index(after: equals)...]
            let decodedName = (String(name).removingPercentEncoding ?? String(name)).lowercased()
            let isSecret =
                secretNames.contains(decodedName) || value.hasPrefix("pm_") || value.hasPrefix("pmf_")
                || value.hasPrefix("pm%5F") || value.hasPrefix("pmf%5F")
            return isSecret ? "\(name)=\(mask)" : String(parameter)
        }
        return uri.path + "?" + parameters.joined(separator: "&")
    }
}
