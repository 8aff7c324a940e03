import Foundation
import Testing

/// The database holds the sync token: what `pm` creates only its owner can read.
@Suite struct FileModeTests {
    @Test func pmCreatesItsFolderOwnerOnlyAndItsDatabaseOwnerOnlyUnderUmask022() throws {
        // Given the XDG data folder not made yet, and a shell whose umask is 022
        let pm = try PMRunner()
        let xdg = pm.path("xdg-data")
        let environment: [String: String?] = ["PM_DATABASE": nil, "XDG_DATA_HOME": xdg]

        // When pm adds the first card from that shell
        let result = try pm.run(
            ["-c", "umask 022 && exec \"$0\" \"$@\"", PMRunner.binary.path, "add", "Secret"],
            environment: environment, executable: URL(fileURLWithPath: "/bin/sh"))

        // Then the folders it made are 0700 and the database 0600
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.mode(xdg) == 0o700)
        #expect(try Self.mode(xdg + "/projectmanager") == 0o700)
        #expect(try Self.mode(xdg + "/projectmanager/projects.sqlite") == 0o600)
    }

    @Test func anExistingFolderKeepsItsMode() throws {
        // Given a folder of the user's own, readable by everyone
        let pm = try PMRunner()
        let folder = pm.path("shared")
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])

        // When pm creates its database there
        try pm.succeed(["add", "Card"], environment: ["PM_DATABASE": folder + "/projects.sqlite"])

        // Then the folder is as it was, and the new file is owner-only
        #expect(try Self.mode(folder) == 0o755)
        #expect(try Self.mode(folder + "/projects.sqlite") == 0o600)
    }

    static func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }
}
