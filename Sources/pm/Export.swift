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

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "Write to this file instead of stdout (- for stdout). A link is followed: the file it "
                + "points to is written.", valueName: "file"))
    var output: String?

    func run() throws {
        let context = try Context(options)
        let document = try context.openForReading().export()
        let data = try JSONOutput.encoder.encode(document) + Data("\n".utf8)
        guard let output, output != "-" else {
            Output.write(String(decoding: data, as: UTF8.self), to: .standardOutput)
            return
        }
        do {
            try ExportFile(path: output).write(data)
        } catch {
            throw CommandFailure("cannot write \(output): \(error.localizedDescription)")
        }
    }
}
