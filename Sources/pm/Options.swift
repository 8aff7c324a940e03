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

extension Status: ExpressibleByArgument {}
