import Foundation
import PMDomain

/// Why the store refused or failed, in words a user can act on.
public struct StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of failure, for callers that map them to exit codes or HTTP statuses.
    public enum Kind: Hashable, Sendable {
        /// The file is not a database of ours, or not one we can read.
        case database
        /// No project matches.
        case notFound
        /// More than one project matches a prefix.
        case ambiguous
        /// Undo or redo with nothing on its stack, or a restore of a card that is not deleted.
        case nothingToDo
        /// Undo or redo refused: someone else changed the card since.
        case changedSince
    }

    /// The kind of failure.
    public let kind: Kind
    /// The message shown to the user.
    public let description: String

    private init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }

    static func notOurDatabase(_ path: String) -> Self {
        Self(
            .database,
            "\(path) is not a Project Manager database; it was left untouched (pick another file with --database)")
    }

    static func newerDatabase(_ path: String, found: String, known: String) -> Self {
        Self(
            .database,
            "\(path) was written by a newer version of pm (its schema has \"\(found)\"; pm "
                + "\(ProductVersion.current) knows up to \"\(known)\"); upgrade pm to open it")
    }

    static func damaged(_ path: String, _ reason: String) -> Self {
        Self(.database, "\(path) is damaged and cannot be read (\(reason)); restore it from an export or a backup")
    }

    static func unusable(_ path: String, _ reason: String) -> Self {
        Self(.database, "cannot open \(path): \(reason)")
    }

    static func diskFull(_ path: String) -> Self {
        Self(
            .database,
            "the disk holding \(path) is full; nothing was changed. Free some space and run the command again")
    }

    static func readOnly(_ path: String, _ what: String) -> Self {
        Self(
            .database,
            "cannot write \(path): \(what) is read-only; nothing was changed. Make it writable or pick another file with --database"
        )
    }

    static func needsUpgradeToRead(_ path: String) -> Self {
        Self(
            .database,
            "\(path) was written by an older pm and must be upgraded before it is read, which needs it writable "
                + "and some free space; nothing was changed")
    }

    static func notFound(_ prefix: String) -> Self {
        Self(.notFound, "no project has an id starting with \(prefix)")
    }

    static func ambiguous(_ prefix: String, _ candidates: [(id: UUID, title: String)]) -> Self {
        let lines = candidates.map { "  \($0.id.lowercased)  \($0.title)" }
        return Self(.ambiguous, "id \(prefix) is ambiguous; it matches:\n" + lines.joined(separator: "\n"))
    }

    static func notDeleted(_ title: String) -> Self {
        Self(.nothingToDo, "\"\(title)\" is not deleted; nothing to restore")
    }

    static var nothingToUndo: Self { Self(.nothingToDo, "nothing to undo") }
    static var nothingToRedo: Self { Self(.nothingToDo, "nothing to redo") }

    static func changedSince(_ changes: [String], verb: String) -> Self {
        Self(
            .changedSince,
            "not \(verb == "undo" ? "undone" : "redone"): " + changes.joined(separator: " and ")
                + " after this device's change; nothing was changed (pm \(verb) --force overwrites it)")
    }
}
