import Foundation

/// The resources CalDAV serves and their URLs. Every collection URL ends in `/`; user and board
/// names are percent-encoded path segments.
///
/// ```
/// /dav/                                 the root
/// /dav/principals/USER/                 the user's principal
/// /dav/calendars/USER/                  the calendar home (a plain collection)
/// /dav/calendars/USER/BOARD/            one board: a calendar of VTODOs
/// /dav/calendars/USER/BOARD/CARD.ics    one card
/// ```
enum CalDAVPath: Hashable, Sendable {
    case root
    case principal(user: String)
    case home(user: String)
    case calendar(user: String, board: String)
    case card(user: String, board: String, id: UUID)

    static let base = "/dav"

    /// The resource's path, percent-encoded.
    var href: String {
        switch self {
        case .root: "\(Self.base)/"
        case .principal(let user): "\(Self.base)/principals/\(Self.encode(user))/"
        case .home(let user): "\(Self.base)/calendars/\(Self.encode(user))/"
        case .calendar(let user, let board): "\(Self.base)/calendars/\(Self.encode(user))/\(Self.encode(board))/"
        case .card(let user, let board, let id):
            "\(Self.base)/calendars/\(Self.encode(user))/\(Self.encode(board))/\(id.uuidString.lowercased()).ics"
        }
    }

    /// The resource an `href` a client sent names (a full URL or a path), or `nil` for one
    /// outside CalDAV's tree.
    init?(href: String) {
        var path = href
        if let url = URL(string: href), url.scheme != nil { path = url.path }
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).map {
            String($0).removingPercentEncoding ?? String($0)
        }
        guard segments.first == String(Self.base.dropFirst()) else { return nil }
        switch segments.count {
        case 1: self = .root
        case 3 where segments[1] == "principals": self = .principal(user: segments[2])
        case 3 where segments[1] == "calendars": self = .home(user: segments[2])
        case 4 where segments[1] == "calendars": self = .calendar(user: segments[2], board: segments[3])
        case 5 where segments[1] == "calendars":
            guard let id = Self.cardID(segments[4]) else { return nil }
            self = .card(user: segments[2], board: segments[3], id: id)
        default: return nil
        }
    }

    /// The card a resource name `UUID.ics` names.
    static func cardID(_ name: String) -> UUID? {
        guard name.lowercased().hasSuffix(".ics") else { return nil }
        return UUID(uuidString: String(name.dropLast(4)))
    }

    /// A name or board as one path segment: everything but unreserved characters encoded.
    static func encode(_ segment: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(
            CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        allowed.insert(charactersIn: "-._~")
        return segment.addingPercentEncoding(withAllowedCharacters: allowed) ?? segment
    }
}
