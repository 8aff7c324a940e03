import Foundation
import PMDomain
import PMTestSupport
import TerminalKit

@testable import PMBoard

enum Fixtures {
    static let today = Deadline(iso: "2026-11-21")!

    /// A card with readable id `n`, created at second `n`.
    static func project(
        _ n: UInt64, _ title: String, _ status: Status = .todo, deadline: String = "2026-11-25",
        description: String = ""
    ) -> Project {
        let id = UUID.counted(n)
        let created = Date(timeIntervalSince1970: 1_763_700_000 + Double(n))
        return Project(
            id: id, title: title, description: description, deadline: Deadline(iso: deadline)!, status: status,
            createdAt: created, updatedAt: created)
    }

    static func state(_ projects: [Project], width: Int = 90, height: Int = 20) -> BoardState {
        BoardState(
            databaseName: "projects.sqlite", today: today, size: TerminalSize(width: width, height: height),
            projects: projects)
    }
}

extension BoardState {
    /// Feeds keys one by one, collecting every effect.
    mutating func press(_ keys: Key...) -> [BoardEffect] {
        keys.flatMap { reduce(.input(.key($0))) }
    }

    /// Types text into whatever has the focus.
    mutating func type(_ text: String) {
        for character in text { _ = reduce(.input(.key(.character(character)))) }
    }
}
