import ArgumentParser
import PMDomain

/// `pm` with no arguments: the board, three lists with counts.
struct BoardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "board", abstract: "Print the board: the three lists with their counts.")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        try List.printBoard(options: options, json: output.json, status: nil, overdueOnly: false)
    }
}
