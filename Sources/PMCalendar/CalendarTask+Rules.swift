public import PMDomain

extension CalendarTask {
    /// The fields of a card created by this task, checked as the CLI checks `pm add`: a title
    /// of 1–100 characters, a deadline (today when there is no `DUE`) not before `today`, a
    /// description of at most 1000 characters. A task that arrives done or in progress starts
    /// in that list.
    public func newProject(today: Deadline) throws(CalendarError) -> ProjectFields {
        do {
            var fields = try ProjectInput(title: title, deadline: deadline?.description, description: description)
                .newProject(today: today)
            fields.status = status
            return fields
        } catch {
            throw CalendarError(error)
        }
    }

    /// The board fields this task changes compared with `previous`, the version the client
    /// started from: only fields whose value differs are set, so a client's edit of one field
    /// never overwrites another that changed on the board meanwhile. Changed values are checked
    /// as `pm edit` checks them (a changed deadline may not lie before `today`).
    ///
    /// Two readings are not changes. A `DUE` the client dropped leaves the deadline as it is (a
    /// card always has one). And a task that says TODO where `previous` said DOING keeps the card
    /// in DOING: clients that know no `IN-PROCESS`, such as Apple Reminders, write
    /// `NEEDS-ACTION` for every open task, and an edit of a DOING card's title there must not
    /// move it back to TODO (docs/caldav.md).
    public func changes(since previous: CalendarTask, today: Deadline) throws(CalendarError) -> ProjectFields {
        var fields = ProjectFields()
        do {
            // A text the client left as it was is not checked again: a card stored before a rule
            // was added (control characters) can still be moved or completed from a calendar app.
            if title != previous.title {
                let checkedTitle = try ProjectRules.title(title)
                if checkedTitle != Self.tidy(previous.title, ProjectRules.title) { fields.title = checkedTitle }
            }
            if description != previous.description {
                let checkedDescription = try ProjectRules.description(description)
                if checkedDescription != Self.tidy(previous.description, ProjectRules.description) {
                    fields.description = checkedDescription
                }
            }
            if let deadline, deadline != previous.deadline {
                try ProjectRules.checkNotPast(deadline, today: today)
                fields.deadline = deadline
            }
        } catch {
            throw CalendarError(error)
        }
        if status != previous.status, !(previous.status == .doing && status == .todo) {
            fields.status = status
        }
        return fields
    }

    /// `text` as the rule would store it, or as it is when the rule refuses it (a previous
    /// version is compared with, never stored).
    private static func tidy(_ text: String, _ rule: (String) throws(RuleViolation) -> String) -> String {
        (try? rule(text)) ?? text
    }
}
