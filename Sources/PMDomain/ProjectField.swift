/// A field of a project card that an operation can set. Deletion is a field too, so that a
/// delete and a concurrent edit merge like any two edits.
public enum ProjectField: String, CaseIterable, Codable, Hashable, Sendable {
    case title
    case description
    case deadline
    case status
    case deleted
}
