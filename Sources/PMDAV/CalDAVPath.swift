import Foundation
import PMDomain

/// The resources CalDAV serves and their URLs. Every collection URL ends in `/`; user and board
/// names are percent-encoded path segments.
///
/// ```
/// /dav/                                 the root
/// /dav/principals/USER/                 the user's principal
/// /dav/calendars/USER/                  the calendar home (a plain collection)
/// /dav/calendars/USER/BOARD/            one board: a calendar of VTODOs
/// /dav/calendars/USER/BOARD/NAME         one card: CARD-UUID.ics, or a name its client chose
/// ```
enum CalDAVPath: Hashable, Sendable {
    case root
    case principal(user: String)
    case home(user: String)
    case calendar(user: String, board: String)
    case card(user: String, board: String, name: String)

    static let base = "/dav"

    /// The resource's path, percent-encoded.
    var href: String {
        switch self {
        case .root: "\(Self.base)/"
        case .principal(let user): "\(Self.base)/principals/\(Self.encode(user))/"
        case .home(let user): "\(Self.base)/calendars/\(Self.encode(user))/"
        case .calendar(let user, let board): "\(Self.base)/calendars/\(Self.encode(user))/\(Self.encode(board))/"
        case .card(let user, let board, let name):
            "\(Self.base)/calendars/\(Self.encode(user))/\(Self.encode(board))/\(Self.encode(name))"
        }
    }

    /// The resource an `href` a client sent names (a full URL or a path), or `nil` for one
    /// outside CalDAV's tree.
    init?(href: String) {
        var path = href
        // A path (what clients send) has no scheme: only a full URL is parsed as one.
        if !href.hasPrefix("/"), let url = URL(string: href), url.scheme != nil { path = url.path }
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).map {
            String($0).removingPercentEncoding ?? String($0)
        }
        guard segments.first == String(Self.base.dropFirst()) else { return nil }
        switch segments.count {
        case 1: self = .root
        case 3 where segments[1] == "principals": self = .principal(user: segments[2])
        case 3 where segments[1] == "calendars": self = .home(user: segments[2])
        case 4 where segments[1] == "calendars": self = .calendar(user: segments[2], board: segments[3])
        case 5 where segments[1] == "calendars": self = .card(user: segments[2], board: segments[3], name: segments[4])
        default: return nil
        }
    }

    /// The card a resource name stands for: `UUID.ics` is the card with that id (the name the
    /// server gives its own cards, and most clients give theirs); any other name a client chose
    /// (`csc_task.ics`, `UID@host.ics`) is a card whose id is a name-based UUID (version 5
    /// layout) of the SHA-256 of the name, so the same name always reaches the same card.
    static func cardID(_ name: String) -> UUID {
        if name.lowercased().hasSuffix(".ics"), let id = UUID(uuidString: String(name.dropLast(4))) { return id }
        return UUID(named: name, in: "pm-server CalDAV resource")
    }

    /// The server's own name for card `id`.
    static func name(of id: UUID) -> String { "\(id.lowercased).ics" }

    /// A name or board as one path segment: everything but unreserved characters encoded.
    static func encode(_ segment: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(
            CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        allowed.insert(charactersIn: "-._~")
        return segment.addingPercentEncoding(withAllowedCharacters: allowed) ?? segment
    }
}
