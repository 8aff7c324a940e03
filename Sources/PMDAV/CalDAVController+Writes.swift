import Foundation
import Hummingbird
import PMCalendar
import PMDomain
import PMServer
import PMSyncProtocol

extension CalDAVController {
    /// PUT of a card: a new resource creates the card by the rules of `pm add`; an existing one
    /// becomes an operation for the fields the client changed only (``CalendarTask/changes(since:today:)``),
    /// stamped for the user, pushed like any push and announced live. The client's text is kept
    /// for the properties the board has no field for.
    @Sendable func put(_ request: Request, context: Context) async throws -> Response {
        guard case .card(let user, let board, let name) = try await resource(request, context: context) else {
            throw DAVError.notFound
        }
        let id = CalDAVPath.cardID(name)
        let limit = ICalendarLimits.card.maxBytes
        let bytes = try await Self.body(request, limit: limit)
        let calendar: ICalendarComponent
        let task: CalendarTask
        do throws(CalendarError) {
            calendar = try ICalendarReader.read(bytes)
            task = try CalendarTask(calendar: calendar, timeZone: environment.timeZone)
        } catch {
            throw DAVError.calendar(error)
        }
        let current = try await card(id, of: board)
        try await checkUID(task, card: id, name: name, user: user, board: board)
        try Self.checkPreconditions(request, current: current)
        var fields: ProjectFields
        do throws(CalendarError) {
            if let current {
                fields = try task.changes(since: current.task, today: environment.today)
            } else {
                fields = try task.newProject(today: environment.today)
            }
        } catch {
            throw DAVError.calendar(error)
        }
        // A card deleted through CalDAV keeps its stored text (for its name); made again under the
        // same name, it must be restored, not only filled in.
        if current == nil, try await repository.calendarText(board: BoardName(board), card: id) != nil {
            fields.deleted = false
        }
        try await write(fields, card: id, user: user, board: board, after: current?.clocks ?? [])
        var stored = calendar
        // The server owns resource names: one a client sent could give this card another card's
        // address in everyone's calendar apps, and a DELETE there would delete the other card.
        stored.remove(CardResource.resourceProperty)
        if name != CalDAVPath.name(of: id) {
            stored.set(ICalendarProperty(name: CardResource.resourceProperty, text: name))
        }
        try await repository.setCalendarText(ICalendarWriter.write(stored), board: BoardName(board), card: id)
        var headers: HTTPFields = [:]
        // A client keeps what it sent as the resource when it gets an ETag back (RFC 4791 §5.3.4):
        // only send one when the stored text is exactly that.
        if let stored = try await card(id, of: board), stored.text.utf8.elementsEqual(bytes) {
            headers[.eTag] = stored.etag
        }
        return Response(status: current == nil ? .created : .noContent, headers: headers)
    }

    /// The task's `UID` may be the card's id or a UID of the client's own (todoman writes
    /// `HEX@HOST`, the caldav-server-tester `csc_…`) that no other card of the board carries:
    /// the same task under a second name is RFC 4791's no-uid-conflict, 409, naming the first. A
    /// resource the server's way, `UUID.ics`, may not carry another card's UUID as its UID.
    func checkUID(_ task: CalendarTask, card id: UUID, name: String, user: String, board: String) async throws {
        let uid = task.uid?.trimmingCharacters(in: .whitespaces) ?? ""
        let named = UUID(uuidString: uid)
        if named == id { return }
        if !uid.isEmpty {
            if let named, let other = try await card(named, of: board) {
                throw DAVError.uidConflict(href: CalDAVPath.card(user: user, board: board, name: other.name).href)
            }
            let texts = try await repository.calendarTexts(board: BoardName(board))
            let visible = Set(try await repository.snapshot(board: BoardName(board)).projects.map(\.id))
            for (other, text) in texts where other != id && visible.contains(other) && text.contains(uid) {
                let stored = try? ICalendarReader.read(text)
                if stored.flatMap({ try? CalendarTask.todo(in: $0) })?.property("UID")?.rawValue == uid {
                    let otherName = CardResource.name(of: other, stored: stored)
                    throw DAVError.uidConflict(href: CalDAVPath.card(user: user, board: board, name: otherName).href)
                }
            }
            if named == nil || name != CalDAVPath.name(of: id) { return }
        }
        do throws(CalendarError) {
            try task.check(id: id)
        } catch {
            throw DAVError.calendar(error)
        }
    }

    /// DELETE of a card: an operation that deletes it, like `pm delete`.
    @Sendable func delete(_ request: Request, context: Context) async throws -> Response {
        guard case .card(let user, let board, let name) = try await resource(request, context: context),
            let current = try await card(CalDAVPath.cardID(name), of: board)
        else { throw DAVError.notFound }
        let id = current.card.id
        try Self.checkPreconditions(request, current: current)
        try await write(ProjectFields(deleted: true), card: id, user: user, board: board, after: current.clocks)
        // The text stays: sync-collection names the gone card by it, as its client knew it.
        return Response(status: .noContent)
    }

    /// `If-Match` must name the current ETag (or be `*` with a card there); `If-None-Match: *`
    /// refuses a card that exists. A write with neither is accepted: tasks.org sends none.
    static func checkPreconditions(_ request: Request, current: CardResource?) throws(DAVError) {
        if let ifMatch = request.headers[.ifMatch] {
            let tags = ifMatch.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let current, tags.contains("*") || tags.contains(current.etag) else {
                throw .preconditionFailed
            }
        }
        if let ifNoneMatch = request.headers[.ifNoneMatch] {
            let tags = ifNoneMatch.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if let current, tags.contains("*") || tags.contains(current.etag) { throw .preconditionFailed }
        }
    }

    /// Pushes one operation setting `fields` of `card`, stamped for `user` after the clocks the
    /// client saw, and announces the board's new head. Nothing is pushed when nothing changed.
    func write(_ fields: ProjectFields, card: UUID, user: String, board: String, after seen: [HybridTimestamp])
        async throws
    {
        guard !fields.isEmpty else { return }
        let now = environment.wallTime
        let stamp = await stamps.stamp(user: user, after: seen, now: now)
        let operation = ProjectOperation(id: environment.uuid(), projectID: card, timestamp: stamp, fields: fields)
        do throws(RuleViolation) {
            // The rule every push obeys (``ClockSkew``), against the same clock that stamped it.
            try ClockSkew(milliseconds: stamps.skew, now: environment.now).check([operation])
        } catch {
            throw DAVError.calendar(CalendarError(error))
        }
        // Recorded as made by the user, as any push of theirs: history names them.
        let results = try await repository.push(
            board: BoardName(board), author: UserName(user), operations: [operation])
        if let head = results.map(\.seq).max() { live.publish(board: BoardName(board), head: head) }
    }
}
