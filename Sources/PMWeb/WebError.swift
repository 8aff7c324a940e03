import HTTPTypes
import PMServer

/// The web board's refusals of API requests, answered as JSON like the rest of the API.
enum WebError {
    static let foreignOrigin = APIError(
        status: .forbidden, code: "foreignOrigin",
        message: "a request signed in by the session cookie that writes must come from this server's own pages "
            + "(its Origin header must be this server's origin)")

    static let notSignedIn = APIError(
        status: .unauthorized, code: "unauthorized", message: "sign in first (a session cookie or a bearer token)")
}
