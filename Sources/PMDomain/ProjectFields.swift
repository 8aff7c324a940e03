/// The field values one operation sets; a field left `nil` is not touched.
public struct ProjectFields: Hashable, Sendable, Codable {
    /// The new title.
    public var title: String?
    /// The new description.
    public var description: String?
    /// The new deadline.
    public var deadline: Deadline?
    /// The new list.
    public var status: Status?
    /// `true` deletes the card, `false` restores it.
    public var deleted: Bool?

    /// Values for the given fields.
    public init(
        title: String? = nil, description: String? = nil, deadline: Deadline? = nil, status: Status? = nil,
        deleted: Bool? = nil
    ) {
        self.title = title
        self.description = description
        self.deadline = deadline
        self.status = status
        self.deleted = deleted
    }

    /// Whether no field is set.
    public var isEmpty: Bool {
        title == nil && description == nil && deadline == nil && status == nil && deleted == nil
    }

    /// The fields that are set, in the order history lists them.
    public var setFields: [ProjectField] {
        ProjectField.allCases.filter { value(of: $0) != nil }
    }

    /// A field's value as history shows it (`nil` when not set).
    public func value(of field: ProjectField) -> String? {
        switch field {
        case .title: title
        case .description: description
        case .deadline: deadline?.description
        case .status: status?.rawValue
        case .deleted: deleted.map { $0 ? "true" : "false" }
        }
    }

    /// Checks the values against the card rules that hold for any stored operation, old or new:
    /// a trimmed one-line title of 1–100 characters and a description of at most 1000, neither
    /// with control characters. (A past deadline is allowed here: history and imports hold
    /// deadlines set long ago.)
    ///
    /// `allowingControlCharacters` is for operations pulled from a server, which checked them when
    /// they were pushed: one it stored before control characters were refused must not stop every
    /// device's sync for ever. Front ends escape such characters when they show them.
    public func validate(allowingControlCharacters: Bool = false) throws(RuleViolation) {
        let lenient = allowingControlCharacters
        if let title, try ProjectRules.title(title, allowingControls: lenient) != title {
            throw .operationInvalid("title has surrounding spaces")
        }
        if let description, try ProjectRules.description(description, allowingControls: lenient) != description {
            throw .operationInvalid("description has surrounding spaces")
        }
    }
}
