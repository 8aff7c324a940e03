import ArgumentParser
import Foundation
import PMDomain
import PMStore

/// `pm history`: every add, edit, move and delete, newest first.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "Show the history of changes, newest first.",
        discussion: """
            --project finds deleted cards too (pm restore ID brings one back).

            Example: pm history --limit 5 --project 3f2a
            """)

    @OptionGroup var options: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Option(help: "Show at most N entries; 0 for all.")
    var limit = 20

    @Option(help: "Only this project's history (an id or a unique prefix; a deleted card's too).")
    var project: String?

    func validate() throws {
        if limit < 0 { throw ValidationError("limit must be 0 or more, got \(limit)") }
    }

    func run() throws {
        let context = try Context(options)
        let prefix = try project.map { text throws(RuleViolation) in try IDPrefix(text) }
        let database = try context.openForReading()
        let projectID = try prefix.map { try database.resolve($0, includingDeleted: true) }
        let entries = try database.history(limit: limit == 0 ? nil : limit, project: projectID)
        let device = try database.deviceID()
        if output.json {
            // As the text says `this device` for one's own, so does the JSON (`by`, `byThisDevice`).
            try context.output.printJSON(entries.map { HistoryEntryJSON($0, thisDevice: device) })
            return
        }
        let zone = context.environment.timeZone
        let lines = entries.map { entry in
            let by = entry.madeBy(thisDevice: device)
            return context.output.dim(LocalTime.text(entry.at, in: zone)) + "  " + entry.summary + "  "
                + context.output.dim("(\(by))")
        }
        context.output.print(lines.isEmpty ? "No history yet." : lines.joined(separator: "\n"))
    }
}
