import Hummingbird
import PMCalendar

/// A refused CalDAV request. Calendar apps show the body, if anything, as text, so a broken rule
/// is answered in plain words (`titleLength: title must be 1–100 characters, got 101`); a failed
/// WebDAV precondition is answered as the `DAV:error` document RFC 4918 describes.
struct DAVError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The HTTP status.
    let status: HTTPResponse.Status
    /// A stable name of the rule or precondition.
    let rule: String
    /// The body: a sentence, or a `DAV:error` document.
    let body: String
    /// Whether ``body`` is XML.
    let isXML: Bool
    /// Extra header fields (`WWW-Authenticate`).
    var headers: HTTPFields = [:]

    var description: String { "\(status.code) \(rule): \(body)" }

    /// The answer to send.
    var response: Response {
        var fields = headers
        fields[.contentType] = isXML ? "application/xml; charset=utf-8" : "text/plain; charset=utf-8"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    private static func text(_ status: HTTPResponse.Status, _ rule: String, _ message: String) -> DAVError {
        DAVError(status: status, rule: rule, body: "\(rule): \(message)\n", isXML: false)
    }

    private static func precondition(_ status: HTTPResponse.Status, _ element: String, inner: String = "") -> DAVError {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <D:error xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">\(inner.isEmpty ? "<\(element)/>" : "<\(element)>\(inner)</\(element)>")</D:error>

            """
        let rule = String(element.split(separator: ":").last ?? "")
        return DAVError(status: status, rule: rule, body: body, isXML: true)
    }

    static let unauthorized: DAVError = {
        var error = text(
            .unauthorized, "unauthorized",
            "sign in with your user name and your password, or one of your tokens as an app password")
        error.headers[.wwwAuthenticate] = "Basic realm=\"pm-server\", charset=\"UTF-8\""
        return error
    }()

    /// A user name this address got wrong too often lately: refused unchecked (``SignInAttempts``).
    static func tooManySignIns(retryAfter seconds: Int) -> DAVError {
        var error = text(
            .tooManyRequests, "tooManySignIns",
            "too many wrong passwords for this user from this address; try again in \(seconds) s")
        error.headers[.retryAfter] = String(seconds)
        return error
    }

    static let notFound = text(.notFound, "notFound", "no such calendar or task among yours")

    static func xmlTooLarge(_ size: Int, limit: Int) -> DAVError {
        text(.contentTooLarge, "xmlTooLarge", "an XML body may be at most \(limit) bytes, got \(size) or more")
    }

    static let xmlEncoding = text(
        .unsupportedMediaType, "xmlEncoding",
        "an XML body must be UTF-8: no other encoding declared, no UTF-16 or UTF-32, no NUL bytes")

    static let xmlDoctype = text(
        .badRequest, "xmlDoctype", "XML with a document type declaration or entities is not accepted")

    static func xmlTooDeep(limit: Int) -> DAVError {
        text(.badRequest, "xmlTooDeep", "XML elements may nest at most \(limit) deep")
    }

    static func xmlMalformed(_ reason: String) -> DAVError {
        text(.badRequest, "xmlMalformed", "the body is not well-formed XML: \(reason)")
    }

    static func xmlUnexpected(_ reason: String) -> DAVError {
        text(.badRequest, "xmlUnexpected", reason)
    }

    /// iCalendar that cannot be read (400) or breaks a card rule (403, RFC 4791's
    /// `valid-calendar-data` / `valid-calendar-object-resource`).
    static func calendar(_ error: CalendarError) -> DAVError {
        let isRule = error.violation != nil || error.field != nil
        return text(isRule ? .forbidden : .badRequest, error.rule, error.description)
    }

    static let preconditionFailed = text(
        .preconditionFailed, "preconditionFailed",
        "the task changed since you read it (If-Match), or exists already (If-None-Match): read it again")

    static let validSyncToken = precondition(.forbidden, "D:valid-sync-token")

    static func uidConflict(href: String) -> DAVError {
        precondition(.conflict, "C:no-uid-conflict", inner: "<D:href>\(DAVXMLWriter.escape(href))</D:href>")
    }

    static let depthInfinity = precondition(.forbidden, "D:propfind-finite-depth")
}
