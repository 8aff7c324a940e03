public import Foundation
public import PMDomain

/// The new-project and edit form: three fields, the focused one, and the errors the rules gave.
public struct ProjectForm: Equatable, Sendable {
    /// The form's fields, in Tab order.
    public enum Field: String, CaseIterable, Sendable {
        case title, deadline, description
    }

    /// The card being edited, or `nil` for a new one.
    public var editing: UUID?
    /// The title as typed.
    public var title: String
    /// The deadline as typed (empty means today).
    public var deadline: String
    /// The description as typed.
    public var description: String
    /// The field keys go to.
    public var focus: Field = .title
    /// Each refused field's message, in the CLI's words.
    public var errors: [Field: String] = [:]
    private let initial: [String]

    /// An empty form for a new card.
    public static func new() -> ProjectForm {
        ProjectForm(editing: nil, title: "", deadline: "", description: "")
    }

    /// A form filled with `project`'s values.
    public static func edit(_ project: Project) -> ProjectForm {
        ProjectForm(
            editing: project.id, title: project.title, deadline: project.deadline.description,
            description: project.description)
    }

    private init(editing: UUID?, title: String, deadline: String, description: String) {
        self.editing = editing
        self.title = title
        self.deadline = deadline
        self.description = description
        self.initial = [title, deadline, description]
    }

    /// Whether anything was typed.
    public var isDirty: Bool { [title, deadline, description] != initial }

    /// The focused field's text.
    public var focusedText: String {
        get {
            switch focus {
            case .title: title
            case .deadline: deadline
            case .description: description
            }
        }
        set {
            switch focus {
            case .title: title = newValue
            case .deadline: deadline = newValue
            case .description: description = newValue
            }
        }
    }

    /// What the user typed, as the domain reads it.
    public var input: ProjectInput {
        ProjectInput(title: title, deadline: deadline.isEmpty ? nil : deadline, description: description)
    }

    /// Checks every field with the domain's rules, recording each error beside its field.
    /// Returns whether all are valid.
    public mutating func validate(today: Deadline, original: Project?) -> Bool {
        errors = [:]
        do throws(RuleViolation) { _ = try ProjectRules.title(title) } catch { errors[.title] = error.description }
        do throws(RuleViolation) {
            _ = try ProjectRules.description(description)
        } catch { errors[.description] = error.description }
        do throws(RuleViolation) {
            let parsed = deadline.isEmpty ? today : try Deadline(parsing: deadline, today: today)
            if parsed != original?.deadline { try ProjectRules.checkNotPast(parsed, today: today) }
        } catch { errors[.deadline] = error.description }
        return errors.isEmpty
    }
}
