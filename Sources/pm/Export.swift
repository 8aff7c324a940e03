import ArgumentParser
import Foundation
import PMDomain
import PMStore

/// `pm export`: the whole board and its history as JSON.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the whole board and its history as JSON (to stdout by default).",
        discussion: "Example: pm export --output board.json")

    @OptionGroup var options: GlobalOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of stdout.", valueName: "file"))
    var output: String?

    func run() throws {
        let context = try Context(options)
        let document = try context.open().export()
        let data = try JSONOutput.encoder.encode(document)
        if let output {
            do {
                try data.write(to: URL(fileURLWithPath: output), options: .atomic)
            } catch {
                throw CommandFailure("cannot write \(output): \(error.localizedDescription)")
            }
        } else {
            FileHandle.standardOutput.write(data + Data("\n".utf8))
        }
    }
}
