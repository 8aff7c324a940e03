public import ArgumentParser
import PMDomain

/// Options every subcommand takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp("The database file (default: $PM_DATABASE, else the XDG data directory).", valueName: "path")
    )
    var database: String?
}

/// `--json`, for subcommands that print data.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print JSON for scripts instead of text.")
    var json = false
}

/// A list as typed: any case, since the board shows them as `TODO`, `DOING` and `DONE`.
extension Status: ExpressibleByArgument {
    init?(argument: String) {
        guard let status = try? Status(parsing: argument) else { return nil }
        self = status
    }
}
