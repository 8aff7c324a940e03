import Foundation
import Testing

/// `pm import` on a terminal draws its progress on stderr; with `--json`, or when stderr is not a
/// terminal, it draws nothing. The terminal is a real pseudo-terminal, made by `script(1)`.
@Suite struct ProgressBarTests {
    /// Runs `pm ARGUMENTS` under a pseudo-terminal and returns all it wrote there.
    static func onATerminal(
        _ pm: PMRunner, _ arguments: [String], environment: [String: String?] = [:]
    ) throws -> String {
        let command = ([PMRunner.binary.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let result = try pm.run(
            ["-qec", command, "/dev/null"], environment: environment,
            executable: URL(fileURLWithPath: "/usr/bin/script"))
        try #require(result.status == 0, "\(result.stdout)\(result.stderr)")
        return result.stdout
    }

    @Test func givenAnImportOnATerminalThenItsProgressIsDrawnAndNotWithJSONOrWithoutATerminal() throws {
        let pm = try PMRunner()
        let export = pm.path("big.json")
        try CrashTests.writeBigExport(to: export)
        // An import on a terminal shows the bar, ending at every operation done
        let shown = try Self.onATerminal(pm, ["import", export])
        #expect(shown.contains("Importing"))
        #expect(shown.contains("100% \(ProgressBarTests.grouped(CrashTests.importedCount))/"))
        #expect(shown.contains("Imported \(CrashTests.importedCount) operations"))
        // Again with --json (nothing new to apply, but the same path): no bar, only JSON
        let json = try Self.onATerminal(pm, ["import", export, "--json"])
        #expect(!json.contains("Importing"))
        // And with stderr not a terminal, nothing but the summary
        let piped = try pm.succeed(["import", export])
        #expect(!piped.stderr.contains("Importing"))
    }

    static func grouped(_ number: Int) -> String {
        number.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
    }
}
