/// The list a project sits in: the board's three columns, left to right.
public enum Status: String, CaseIterable, Codable, Hashable, Sendable, Comparable {
    case todo
    case doing
    case done

    /// Reads `todo`, `doing` or `done` (any case), as typed on the command line.
    public init(parsing text: String) throws(RuleViolation) {
        guard let status = Status(rawValue: text.lowercased()) else {
            throw .statusUnknown(text)
        }
        self = status
    }

    /// The list's name as the board heads it: `TODO`, `DOING`, `DONE`.
    public var heading: String { rawValue.uppercased() }

    /// The two lists a card in this one can be moved to.
    public var others: [Status] { Status.allCases.filter { $0 != self } }

    public static func < (lhs: Status, rhs: Status) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
