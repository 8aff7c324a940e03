import ArgumentParser
import Foundation
import PMDomain
import PMStore

/// `pm import FILE`: apply an export's operations; importing twice changes nothing.
struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Apply an export (from pm export) to this board, in one transaction.",
        discussion: """
            Operations the board already holds are skipped, so importing the same file twice changes
            nothing. Example: pm import board.json
            """)

    @OptionGroup var options: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The export file ('-' reads stdin).")
    var file: String

    @MainActor func run() async throws {
        let context = try Context(options)
        let document = try read()
        let database = try context.open()
        let bar = ProgressBar(
            label: "Importing", enabled: context.output.errorIsTerminal && !output.json,
            clock: context.environment.clock)
        let summary = try database.apply(document.operations, progress: bar.show)
        bar.finish()
        try await AutoPush.afterChange(database, context) {
            if output.json {
                try context.output.printJSON(["applied": summary.applied, "skipped": summary.skipped])
            } else {
                context.output.print(
                    "Imported \(summary.applied) operations (\(summary.skipped) already on this board)")
            }
        }
    }

    private func read() throws -> ImportDocument {
        let data: Data
        do {
            data =
                file == "-"
                ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw CommandFailure("cannot read \(file): \(error.localizedDescription)")
        }
        do {
            return try ImportDocument.read(from: data)
        } catch let error as DecodingError {
            throw CommandFailure("\(file) is not a pm export: \(Self.reason(error))")
        } catch {
            throw CommandFailure("\(file) is not a pm export: it is not JSON")
        }
    }

    private static func reason(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
            .valueNotFound(_, let context):
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            let detail = context.debugDescription
            return path.isEmpty ? detail : "at \(path): \(detail)"
        @unknown default:
            return "\(error)"
        }
    }
}
