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
            Operations the board already holds are skipped, so importing the same file twice changes \
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
        let summary = try database.apply(document.operations, authors: document.authors, progress: bar.show)
        bar.finish()
        try await AutoPush.afterChange(database, context) {
            if output.json {
                try context.output.printJSON(["applied": summary.applied, "skipped": summary.skipped])
            } else {
                context.output.print(
                    "Imported \(Self.count(summary.applied, "operation")) (\(summary.skipped) already on this board)")
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

    /// `1 operation`, `2 operations`.
    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// Where the document is wrong and how, in a person's words: Swift's own descriptions name
    /// its types (`Expected to decode Dictionary<String, Any>…`).
    private static func reason(_ error: DecodingError) -> String {
        let (context, detail): (DecodingError.Context, String)
        switch error {
        case .typeMismatch(let type, let found): (context, detail) = (found, "expected \(Self.kind(of: type))")
        case .keyNotFound(let key, let found): (context, detail) = (found, "\"\(key.stringValue)\" is missing")
        case .valueNotFound(let type, let found):
            (context, detail) = (found, "expected \(Self.kind(of: type)), got null")
        case .dataCorrupted(let found):
            // Our own decoders' messages are the rules'; Foundation's JSON reader's is not.
            let isJSONSyntax = found.underlyingError != nil && found.codingPath.isEmpty
            (context, detail) = (found, isJSONSyntax ? "it is not JSON" : found.debugDescription)
        @unknown default: return "it is not a pm export"
        }
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? detail : "at \(path): \(detail)"
    }

    private static func kind(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type, is UInt32.Type, is Double.Type: "a number"
        case is [Any].Type: "a list"
        default: String(describing: type).hasPrefix("Array") ? "a list" : "an object"
        }
    }
}
