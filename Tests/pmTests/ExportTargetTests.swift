import Foundation
import Testing

/// `pm export -o PATH` writes into what PATH names: through a link, into a device, and to
/// standard output for `-`, as `pm import -` reads standard input.
@Suite struct ExportTargetTests {
    @Test func exportThroughALinkWritesTheFileItPointsToAndKeepsTheLink() throws {
        // Given a board, an old backup kept private in another folder, and a link to it
        let pm = try PMRunner()
        try pm.succeed(["add", "보고서 작성"])
        let backups = pm.path("nas")
        try FileManager.default.createDirectory(atPath: backups, withIntermediateDirectories: true)
        let backup = backups + "/board.json"
        try Data("old".utf8).write(to: URL(fileURLWithPath: backup))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: backup)
        try FileManager.default.createSymbolicLink(atPath: pm.path("board.json"), withDestinationPath: backup)

        // When the board is exported to the link
        try pm.succeed(["export", "-o", pm.path("board.json")])

        // Then the link is still a link, and the backup it points to is the new export, still private
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: pm.path("board.json"))
        #expect(link == backup)
        let written = String(decoding: try Data(contentsOf: URL(fileURLWithPath: backup)), as: UTF8.self)
        #expect(written.contains("보고서 작성"))
        let mode = try FileManager.default.attributesOfItem(atPath: backup)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func dashMeansStandardOutputAndRoundTripsThroughImportDash() throws {
        // Given a board with a Korean card
        let pm = try PMRunner()
        try pm.succeed(["add", "한글 문서 번역"])

        // When it is exported to `-` and imported from standard input on a new device
        let exported = try pm.succeed(["export", "-o", "-"]).stdout
        let other = try PMRunner()
        try other.succeed(["import", "-"], stdin: exported)

        // Then no file named `-` was made, and the card arrived
        #expect(!FileManager.default.fileExists(atPath: pm.path("-")))
        #expect(try other.succeed(["list"]).stdout.contains("한글 문서 번역"))
    }

    @Test func aDeviceIsWrittenIntoNotReplaced() throws {
        // Given a board
        let pm = try PMRunner()
        try pm.succeed(["add", "보고서"])

        // When it is exported to a full device
        let result = try pm.run(["export", "-o", "/dev/full"])

        // Then the write fails with a message, and /dev/full is still the device
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("pm: cannot write /dev/full:"))
        let type = try FileManager.default.attributesOfItem(atPath: "/dev/full")[.type] as? FileAttributeType
        #expect(type == .typeCharacterSpecial)
    }
}
