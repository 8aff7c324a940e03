import PMSyncProtocol
import Testing

@Suite struct ServerNameTypesTests {
    @Test(arguments: ["team", "a.b-c_D9", String(repeating: "x", count: 64)])
    func givenANameFollowingTheRuleWhenValidatedThenItIsKept(name: String) throws {
        #expect(try BoardName(validating: name).text == name)
        #expect(try UserName(validating: name).text == name)
    }

    @Test(arguments: ["", "a/b", "우리팀", "team room", String(repeating: "x", count: 65)])
    func givenANameBreakingTheRuleWhenValidatedThenItIsRefusedNamingTheRule(name: String) {
        #expect(throws: ServerNameError(kind: "board", name: name)) { try BoardName(validating: name) }
        #expect(throws: ServerNameError(kind: "user", name: name)) { try UserName(validating: name) }
        #expect(
            ServerNameError(kind: "board", name: name).description
                == "a board name must be \(ServerName.rule), got \"\(name)\"")
    }

    @Test func givenANameMetInAPathThenItIsTakenAsItIs() {
        #expect(BoardName("팀 보드").text == "팀 보드")
        #expect(BoardName("team") == "team")
    }
}
