import Foundation
import Testing

/// The name rules at `pm-server`'s command line: names a browser or calendar app would rewrite,
/// and names told apart by case alone, are refused naming the rule, and nothing is made.
@Suite struct NameRuleCommandTests {
    @Test func dotNamesAndNamesDifferingOnlyInCaseAreRefusedAndKoreanUserNamesSayWhy() throws {
        // Given ada and her board team
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        #expect(try command.run(["user", "add", "ada"]).status == 0)
        #expect(try command.run(["board", "add", "team", "--member", "ada"]).status == 0)

        // When users and boards named . and .. are made, Then each is refused naming the rule
        for name in [".", ".."] {
            let user = try command.run(["user", "add", name])
            #expect(user.status == 64 && user.error.contains("and not '.' or '..'"), "\(user.error)")
            let board = try command.run(["board", "add", name, "--member", "ada"])
            #expect(board.status == 64 && board.error.contains("and not '.' or '..'"), "\(board.error)")
        }
        // When ADA and Team are made, Then they are refused as ada's and team's names
        let ada = try command.run(["user", "add", "ADA"])
        #expect(ada.status != 0 && ada.error.contains("user \"ada\" exists already; \"ADA\" differs only in case"))
        let team = try command.run(["board", "add", "Team"])
        #expect(team.status != 0 && team.error.contains("board \"team\" exists already; \"Team\" differs only in case"))
        // When a Korean user name is given, Then the refusal says why names are ASCII
        let korean = try command.run(["user", "add", "김민지"])
        #expect(korean.status == 64 && korean.error.contains("names are ASCII because"), "\(korean.error)")
        // And nothing was made
        #expect(try command.run(["user", "list"]).output == "ada\n")
        #expect(try command.run(["board", "list"]).output == "team\n")
    }
}
