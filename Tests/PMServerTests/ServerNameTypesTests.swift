import PMSyncProtocol
import Testing

@Suite struct ServerNameTypesTests {
    @Test(arguments: ["team", "a.b-c_D9", "...", ".team", String(repeating: "x", count: 64)])
    func givenANameFollowingTheRuleWhenValidatedThenItIsKept(name: String) throws {
        #expect(try BoardName(validating: name).text == name)
        #expect(try UserName(validating: name).text == name)
    }

    @Test(arguments: ["", "a/b", ".", "..", "team room", String(repeating: "x", count: 65)])
    func givenANameBreakingTheRuleWhenValidatedThenItIsRefusedNamingTheRule(name: String) {
        #expect(throws: ServerNameError(kind: "board", name: name)) { try BoardName(validating: name) }
        #expect(throws: ServerNameError(kind: "user", name: name)) { try UserName(validating: name) }
        #expect(
            ServerNameError(kind: "board", name: name).description
                == "a board name must be \(ServerName.rule), got \"\(name)\"")
    }

    @Test func givenAKoreanUserNameThenTheRefusalSaysWhyNamesAreASCII() {
        // Given a Korean name, which cards take but server names do not
        #expect(throws: ServerNameError(kind: "user", name: "김민지")) { try UserName(validating: "김민지") }
        // Then the message names the rule and why, so it is not taken for an oversight
        let message = ServerNameError(kind: "user", name: "김민지").description
        #expect(message.hasPrefix("a user name must be \(ServerName.rule), got \"김민지\""))
        #expect(message.contains(ServerName.whyASCII))
    }

    @Test func givenANameMetInAPathThenItIsTakenAsItIs() {
        #expect(BoardName("팀 보드").text == "팀 보드")
        #expect(BoardName("team") == "team")
    }
}
