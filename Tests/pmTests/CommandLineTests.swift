import Foundation
import Testing

/// The command line itself: version, help, completions and usage errors.
@Suite struct CommandLineTests {
    static let subcommands = [
        "add", "list", "show", "edit", "move", "delete", "restore", "history", "undo", "redo", "due", "export",
        "import",
    ]

    @Test func versionPrintsAVersionNumber() throws {
        // Given pm
        let pm = try PMRunner()

        // When asked for its version
        let result = try pm.succeed(["--version"])

        // Then it prints a version such as 0.1.0
        #expect(
            result.stdout.trimmingCharacters(in: .whitespacesAndNewlines).wholeMatch(of: #/\d+\.\d+\.\d+\S*/#) != nil)
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsNameEverySubcommand(shell: String) throws {
        // Given pm
        let pm = try PMRunner()

        // When asked for a completion script
        let script = try pm.succeed(["--generate-completion-script", shell]).stdout

        // Then the script offers every subcommand
        for subcommand in Self.subcommands {
            #expect(script.contains(subcommand), "\(shell) script lacks \(subcommand)")
        }
    }

    @Test(arguments: subcommands)
    func everySubcommandHasHelp(subcommand: String) throws {
        // Given pm
        let pm = try PMRunner()

        // When asked for a subcommand's help
        let result = try pm.run([subcommand, "--help"])

        // Then it exits 0 with usage that mentions the database option, and touches no database
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("USAGE: pm \(subcommand)"))
        #expect(result.stdout.contains("--database"))
        #expect(!FileManager.default.fileExists(atPath: pm.databasePath))
    }

    @Test(arguments: ["list", "show", "add", "edit", "move", "delete", "history", "undo", "redo", "due", "import"])
    func dataCommandsTakeJSON(subcommand: String) throws {
        // Given pm
        let pm = try PMRunner()

        // When asked for the help of a command that prints data
        let help = try pm.succeed([subcommand, "--help"]).stdout

        // Then it offers --json
        #expect(help.contains("--json"))
    }

    @Test(arguments: [
        ["bogus"], ["add"], ["move", "1234abcd"], ["list", "--frobnicate"], ["history", "--limit", "x"],
    ])
    func usageErrorsExit64(arguments: [String]) throws {
        // Given pm
        let pm = try PMRunner()

        // When called with arguments it cannot parse
        let result = try pm.run(arguments)

        // Then it exits 64 with a usage message on stderr
        #expect(result.status == 64)
        #expect(result.stderr.contains("Usage"), "\(result.stderr)")
    }

    @Test func noArgumentsPrintsTheBoardAndTakesTheDatabaseOption() throws {
        // Given a card in a database named by --database
        let pm = try PMRunner()
        let path = pm.path("other.sqlite")
        try pm.succeed(["add", "Elsewhere", "--database", path])

        // When pm runs with only --database, and with --json
        let board = try pm.succeed(["--database", path])
        let json = try pm.succeed(["--database", path, "--json"]).objects()

        // Then it prints that board
        #expect(board.lines.first == "TODO (1)")
        #expect(board.stdout.contains("Elsewhere"))
        #expect(json.map { $0["title"] as? String } == ["Elsewhere"])
    }

    @Test func showPrintsTheWholeCard() throws {
        // Given a card with a two-line description, overdue on the 21st
        let pm = try PMRunner()
        let card = try pm.add("Report", description: "First line\nSecond line", now: "2026-11-19T09:00:00Z")

        // When it is shown
        let text = try pm.succeed(["show", String(card.id.prefix(4))]).stdout

        // Then the title, full id, list, deadline marked overdue and description are printed
        #expect(text.hasPrefix("Report\n"))
        #expect(text.contains(card.id))
        #expect(text.contains("TODO"))
        #expect(text.contains("2026-11-19") && text.contains("overdue"))
        #expect(text.contains("First line") && text.contains("Second line"))
    }
}
