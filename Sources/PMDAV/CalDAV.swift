public import PMDomain
public import PMServer

/// CalDAV for `pm-server`: each board a user is a member of is a calendar of VTODOs that phone
/// and desktop task apps sync (docs/caldav.md).
public enum CalDAV {
    /// The CalDAV routes over `repository`, for ``buildApplication``'s `additions`: writes are
    /// announced on `live`; `environment` gives the time (for today and the writes' clocks), new
    /// operation ids and the time zone deadlines are read in; `signInLimiter`, the server's count
    /// of failed sign-ins, refuses an address that fails too often (429). Writes are stamped and
    /// checked within the server's `skew` (milliseconds), as pushes are.
    public static func additions<Repository: CalendarTextRepository>(
        repository: Repository, live: LiveHeads, environment: PMDomain.Environment,
        signInLimiter: SignInLimiter? = nil, skew: Int64 = HybridClock.defaultSkew
    ) -> ServerAdditions {
        let controller = CalDAVController(
            repository: repository, live: live, environment: environment, stamps: CalDAVStamps(skew: skew),
            signInLimiter: signInLimiter)
        return ServerAdditions(routes: [{ routes in controller.register(on: routes) }])
    }
}
