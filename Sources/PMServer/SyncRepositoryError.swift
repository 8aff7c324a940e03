public import PMSyncProtocol

/// A refused change to users, tokens, feed keys or boards.
public struct SyncRepositoryError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: String, Hashable, Sendable {
        case userExists, userUnknown, boardExists, boardUnknown, tokenUnknown, tokenAmbiguous, notAMember
        case feedKeyUnknown, feedKeyAmbiguous, notOnBoard
    }

    private let code: Code

    /// The message shown to the operator.
    public let description: String

    private init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }

    /// A user of that name exists already.
    public static func userExists(_ name: UserName) -> Self { Self(.userExists, "user \"\(name)\" exists already") }
    /// A user whose name differs from `name` only in case exists already: two such names would be
    /// told apart by case alone, in sign-in forms and calendar addresses where people do not.
    public static func userExists(_ name: UserName, as existing: String) -> Self {
        guard existing != name.text else { return userExists(name) }
        return Self(
            .userExists,
            "user \"\(existing)\" exists already; \"\(name)\" differs only in case, and names must differ by more")
    }
    /// No user has that name.
    public static func userUnknown(_ name: UserName) -> Self { Self(.userUnknown, "no user \"\(name)\"") }
    /// A board of that name exists already.
    public static func boardExists(_ name: BoardName) -> Self { Self(.boardExists, "board \"\(name)\" exists already") }
    /// A board whose name differs from `name` only in case exists already.
    public static func boardExists(_ name: BoardName, as existing: String) -> Self {
        guard existing != name.text else { return boardExists(name) }
        return Self(
            .boardExists,
            "board \"\(existing)\" exists already; \"\(name)\" differs only in case, and names must differ by more")
    }
    /// No board has that name.
    public static func boardUnknown(_ name: BoardName) -> Self { Self(.boardUnknown, "no board \"\(name)\"") }
    /// No token starts with that prefix.
    public static func tokenUnknown(_ prefix: String) -> Self {
        Self(.tokenUnknown, "no token starts with \"\(prefix)\"")
    }
    /// Several tokens start with that prefix.
    public static func tokenAmbiguous(_ prefix: String) -> Self {
        Self(.tokenAmbiguous, "several tokens start with \"\(prefix)\"; give more of it")
    }
    /// The user is not a member of the board (a feed key is only made for a member).
    public static func notAMember(board: BoardName, user: UserName) -> Self {
        Self(
            .notAMember,
            "\"\(user)\" is not a member of board \"\(board)\"; a feed key is only for a member of the board")
    }
    /// The user to take off a board is not a member of it.
    public static func notOnBoard(board: BoardName, user: UserName) -> Self {
        Self(.notOnBoard, "\"\(user)\" is not a member of board \"\(board)\"; nothing to remove")
    }
    /// No feed key starts with that prefix.
    public static func feedKeyUnknown(_ prefix: String) -> Self {
        Self(.feedKeyUnknown, "no feed key starts with \"\(prefix)\"")
    }
    /// Several feed keys start with that prefix.
    public static func feedKeyAmbiguous(_ prefix: String) -> Self {
        Self(.feedKeyAmbiguous, "several feed keys start with \"\(prefix)\"; give more of it")
    }
}
