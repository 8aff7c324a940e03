import Foundation
import PMTestSupport
import Testing

@Suite struct RemindCommandTests {
    @Test(arguments: [
        (["--push-time-zone", "Mars/Olympus"], "--push-time-zone must be an IANA time zone name"),
        (["--push-contact", "ops@example.org"], "--push-contact must be a mailto: or https:// URL"),
        (["--push-endpoint-schemes", "ftp"], "--push-endpoint-schemes must be https, http or both"),
    ])
    func aBadSettingIsRefusedByNameAndNothingIsSent(_ options: [String], _ message: String) throws {
        let folder = try TemporaryFolder(prefix: "pm-remind")
        let database = folder.path + "/pm-server.sqlite"
        _ = try ServerProcess.addMember("ada", board: "team", database: database)
        let result = try runServerCommand(["remind", "--once", "--database", database] + options, environment: [:])
        #expect(result.status == 64)
        #expect(result.output.contains(message), "\(result.output)")
    }

    @Test func aMissingDatabaseIsRefusedNotMade() throws {
        let folder = try TemporaryFolder(prefix: "pm-remind")
        let database = folder.path + "/nowhere.sqlite"
        let result = try runServerCommand(["remind", "--once", "--database", database], environment: [:])
        #expect(result.status != 0)
        #expect(!FileManager.default.fileExists(atPath: database))
    }
}
