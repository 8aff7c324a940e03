/// The WebDAV properties of each resource, as inner XML by name: what PROPFIND and the REPORTs
/// answer. Properties a client must ask for by name (`calendar-data`) are not among those
/// `allprop` returns.
struct CalDAVProperties: Sendable {
    /// The signed-in user, whose principal and home every resource points to.
    let user: String

    /// A board as a calendar: its name and its head, from which the ctag and sync token come.
    struct Calendar: Sendable {
        var board: String
        var head: Int64
    }

    static let syncTokenPrefix = "http://pm-server/ns/sync/"

    static func syncToken(_ head: Int64) -> String { "\(syncTokenPrefix)\(head)" }

    /// Properties returned on `allprop` (and a body-less PROPFIND) for each kind of resource.
    static let allprop: Set<DAVName> = [
        .dav("resourcetype"), .dav("displayname"), .dav("current-user-principal"), .dav("getetag"),
        .dav("getcontenttype"), .dav("getcontentlength"), .dav("sync-token"), .dav("current-user-privilege-set"),
        .dav("supported-report-set"), .dav("owner"), .dav("principal-URL"), .calDAV("calendar-home-set"),
        .calDAV("supported-calendar-component-set"), .calDAV("supported-calendar-data"),
        DAVName(DAVName.calendarServer, "getctag"),
    ]

    var principalHref: String { CalDAVPath.principal(user: user).href }

    private func href(_ path: CalDAVPath) -> String { "<D:href>\(DAVXMLWriter.escape(path.href))</D:href>" }

    /// The properties of `path`; `calendar` for a calendar. A card's own (its ETag, text and
    /// length) are in ``cardTemplate(requested:)``.
    func values(of path: CalDAVPath, calendar: Calendar? = nil) -> [DAVName: String] {
        var values: [DAVName: String] = [
            .dav("current-user-principal"): href(.principal(user: user)),
            .dav("principal-collection-set"): "<D:href>\(CalDAVPath.base)/principals/</D:href>",
        ]
        switch path {
        case .root:
            values[.dav("resourcetype")] = "<D:collection/>"
            values[.dav("displayname")] = "pm-server"
        case .principal(let user):
            values[.dav("resourcetype")] = "<D:collection/><D:principal/>"
            values[.dav("displayname")] = DAVXMLWriter.escape(user)
            values[.dav("principal-URL")] = href(path)
            values[.calDAV("calendar-home-set")] = href(.home(user: user))
        case .home(let user):
            values[.dav("resourcetype")] = "<D:collection/>"
            values[.dav("displayname")] = DAVXMLWriter.escape(user)
            values[.dav("owner")] = href(.principal(user: user))
            values[.dav("current-user-privilege-set")] = Self.privileges(["read", "read-current-user-privilege-set"])
        case .calendar(let user, let board):
            values[.dav("resourcetype")] = "<D:collection/><C:calendar/>"
            values[.dav("displayname")] = DAVXMLWriter.escape(board)
            values[.dav("owner")] = href(.principal(user: user))
            values[.calDAV("supported-calendar-component-set")] = "<C:comp name=\"VTODO\"/>"
            values[.calDAV("supported-calendar-data")] =
                "<C:calendar-data content-type=\"text/calendar\" version=\"2.0\"/>"
            values[.dav("current-user-privilege-set")] = Self.privileges([
                "read", "read-current-user-privilege-set", "write", "write-content", "bind", "unbind",
            ])
            values[.dav("supported-report-set")] = [
                "<C:calendar-query/>", "<C:calendar-multiget/>", "<D:sync-collection/>",
            ].map { "<D:supported-report><D:report>\($0)</D:report></D:supported-report>" }.joined()
            if let calendar {
                values[.dav("sync-token")] = DAVXMLWriter.escape(Self.syncToken(calendar.head))
                values[DAVName(DAVName.calendarServer, "getctag")] = DAVXMLWriter.escape(Self.syncToken(calendar.head))
            }
        case .card:
            values[.dav("resourcetype")] = ""
            values[.dav("getcontenttype")] = "text/calendar; charset=utf-8; component=VTODO"
        }
        return values
    }

    /// The entry of `path` with the properties `requested` (`nil`: allprop).
    func entry(_ path: CalDAVPath, requested: [DAVName]?, calendar: Calendar? = nil) -> DAVXMLWriter.Entry {
        let (found, missing) = Self.select(values(of: path, calendar: calendar), requested: requested)
        return DAVXMLWriter.Entry(href: path.href, found: found, missing: missing)
    }

    /// Every card's response after its href, with the properties `requested` (`nil`: allprop):
    /// made once for a request, filled with each card's own bytes.
    func cardTemplate(requested: [DAVName]?) -> DAVMultistatus.CardTemplate {
        var parts = values(of: .card(user: user, board: "", name: "")).mapValues { DAVXMLWriter.Part.xml($0) }
        parts[.dav("getetag")] = .card(.etag)
        parts[.dav("getcontentlength")] = .card(.length)
        parts[.calDAV("calendar-data")] = .card(.text)
        let (found, missing) = Self.select(parts, requested: requested)
        return DAVMultistatus.CardTemplate(DAVXMLWriter.responseTail(found: found, missing: missing, status: nil))
    }

    /// The `requested` properties among `values`, in the order asked, and those missing; for
    /// allprop (`nil`) those of ``allprop`` there are, by name.
    static func select<Value>(_ values: [DAVName: Value], requested: [DAVName]?) -> (
        found: [(DAVName, Value)], missing: [DAVName]
    ) {
        guard let requested else {
            let found = values.filter { allprop.contains($0.key) }.sorted { $0.key.local < $1.key.local }
            return (found.map { ($0.key, $0.value) }, [])
        }
        var found: [(DAVName, Value)] = []
        var missing: [DAVName] = []
        for name in requested {
            if let value = values[name] { found.append((name, value)) } else { missing.append(name) }
        }
        return (found, missing)
    }

    private static func privileges(_ names: [String]) -> String {
        names.map { "<D:privilege><D:\($0)/></D:privilege>" }.joined()
    }
}
