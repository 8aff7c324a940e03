/// What a user typed to add or edit a project, before the rules are checked.
public struct ProjectInput: Hashable, Sendable {
    /// The title, if given.
    public var title: String?
    /// The deadline as typed (`2026-12-01`, `tomorrow`, `+3d`), if given.
    public var deadline: String?
    /// The description, if given.
    public var description: String?

    /// Input with the given fields.
    public init(title: String? = nil, deadline: String? = nil, description: String? = nil) {
        self.title = title
        self.deadline = deadline
        self.description = description
    }

    /// Whether nothing was given.
    public var isEmpty: Bool { title == nil && deadline == nil && description == nil }

    /// The fields of a new project: title required, deadline defaulting to today and not before
    /// it, description optional; it starts in TODO.
    public func newProject(today: Deadline) throws(RuleViolation) -> ProjectFields {
        let title = try ProjectRules.title(title ?? "")
        let deadline =
            try deadline.map { text throws(RuleViolation) in try Deadline(parsing: text, today: today) } ?? today
        try ProjectRules.checkNotPast(deadline, today: today)
        let description = try description.map { text throws(RuleViolation) in try ProjectRules.description(text) }
        return ProjectFields(
            title: title, description: description ?? "", deadline: deadline, status: .todo, deleted: false)
    }

    /// The fields an edit of `project` changes: only those given and different. A deadline that
    /// changes may not lie before today; an unchanged past deadline stays valid.
    public func edit(of project: Project, today: Deadline) throws(RuleViolation) -> ProjectFields {
        var fields = ProjectFields()
        if let title {
            let checked = try ProjectRules.title(title)
            if checked != project.title { fields.title = checked }
        }
        if let deadline {
            let parsed = try Deadline(parsing: deadline, today: today)
            if parsed != project.deadline {
                try ProjectRules.checkNotPast(parsed, today: today)
                fields.deadline = parsed
            }
        }
        if let description {
            let checked = try ProjectRules.description(description)
            if checked != project.description { fields.description = checked }
        }
        return fields
    }
}
