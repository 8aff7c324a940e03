import PMServer
import PMSyncProtocol
import Testing

@Suite struct SignInCheckTests {
    @Test func givenAUsersOwnToken_whenChecked_thenItSignsThatUserIn() async throws {
        let fixture = try await ServerFixture.make()
        let check = SignInCheck(repository: fixture.repository)
        #expect(try await check.user(named: "ada", secret: fixture.ada.description) == UserName("ada"))
    }

    @Test func givenAnotherUsersToken_whenChecked_thenNobodyIsSignedIn() async throws {
        let fixture = try await ServerFixture.make()
        let check = SignInCheck(repository: fixture.repository)
        #expect(try await check.user(named: "ada", secret: fixture.bob.description) == nil)
        #expect(try await check.user(named: "bob", secret: fixture.ada.description) == nil)
    }

    @Test func givenAWrongOrShortSecret_whenChecked_thenNobodyIsSignedIn() async throws {
        let fixture = try await ServerFixture.make()
        let check = SignInCheck(repository: fixture.repository)
        let wrong = String(fixture.ada.description.dropLast()) + "x"
        #expect(try await check.user(named: "ada", secret: wrong) == nil)
        #expect(try await check.user(named: "ada", secret: "pm_") == nil)
        #expect(try await check.user(named: "ada", secret: "") == nil)
    }
}
