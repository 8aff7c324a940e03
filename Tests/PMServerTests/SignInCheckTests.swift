import PMServer
import PMSyncProtocol
import Synchronization
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

@Suite struct SignInCheckPasswordTests {
    static let hasher = PasswordHasher(cost: 4)

    /// The fixture with `password` set for ada (bob has none).
    static func adaWithPassword(_ password: String) async throws -> ServerFixture {
        let fixture = try await ServerFixture.make()
        let hash = try await hasher.hash(Password(validating: password))
        try await fixture.repository.setPassword(hash: hash, user: "ada")
        return fixture
    }

    @Test func givenAdasPassword_whenChecked_thenItSignsAdaIn() async throws {
        let fixture = try await Self.adaWithPassword("correct horse")
        let check = SignInCheck(repository: fixture.repository)
        #expect(try await check.user(named: "ada", secret: "correct horse") == UserName("ada"))
        // Her tokens still sign her in beside the password.
        #expect(try await check.user(named: "ada", secret: fixture.ada.description) == UserName("ada"))
    }

    @Test func givenAWrongPassword_whenChecked_thenNobodyIsSignedIn() async throws {
        let fixture = try await Self.adaWithPassword("correct horse")
        let check = SignInCheck(repository: fixture.repository)
        #expect(try await check.user(named: "ada", secret: "correct horsE") == nil)
        #expect(try await check.user(named: "ada", secret: "correct horse ") == nil)
        #expect(try await check.user(named: "ada", secret: "short") == nil)
    }

    @Test func givenAnotherUsersPassword_whenChecked_thenNobodyIsSignedIn() async throws {
        let fixture = try await Self.adaWithPassword("correct horse")
        let check = SignInCheck(repository: fixture.repository)
        #expect(try await check.user(named: "bob", secret: "correct horse") == nil)
        try await fixture.repository.setPassword(
            hash: try await Self.hasher.hash(Password(validating: "battery staple")), user: "bob")
        #expect(try await check.user(named: "ada", secret: "battery staple") == nil)
        #expect(try await check.user(named: "bob", secret: "battery staple") == UserName("bob"))
        #expect(try await check.user(named: "eve", secret: "correct horse") == nil)
    }

    @Test func givenNoPasswordSet_whenChecked_thenNoSecretButATokenSignsIn() async throws {
        let fixture = try await ServerFixture.make()
        let check = SignInCheck(repository: fixture.repository)
        #expect(try await check.user(named: "ada", secret: "correct horse") == nil)
        #expect(try await check.user(named: "ada", secret: "") == nil)
        #expect(try await check.user(named: "ada", secret: fixture.ada.description) == UserName("ada"))
    }

    @Test func givenARepeatedSignIn_whenChecked_thenBcryptRunsOnceAndAChangedPasswordIsCheckedAgain()
        async throws
    {
        // Given a check that counts bcrypt's runs
        let fixture = try await Self.adaWithPassword("correct horse")
        let runs = Counter()
        let check = SignInCheck(repository: fixture.repository) { secret, hash in
            runs.increment()
            return try await PasswordHasher.verify(secret, hash: hash)
        }
        // When ada signs in three times with her password
        for _ in 0..<3 { #expect(try await check.user(named: "ada", secret: "correct horse") == UserName("ada")) }
        // Then bcrypt ran once
        #expect(runs.value == 1)
        // And a wrong password is never remembered
        for _ in 0..<2 { #expect(try await check.user(named: "ada", secret: "wrong horse") == nil) }
        #expect(runs.value == 3)
        // When her password changes, the old one no longer signs in, even though it was remembered
        try await fixture.repository.setPassword(
            hash: try await Self.hasher.hash(Password(validating: "battery staple")), user: "ada")
        #expect(try await check.user(named: "ada", secret: "correct horse") == nil)
        #expect(try await check.user(named: "ada", secret: "battery staple") == UserName("ada"))
        #expect(runs.value == 5)
    }

    @Test func givenAFullCache_whenAnotherUserSignsIn_thenTheOldestCheckIsForgotten() async throws {
        let fixture = try await Self.adaWithPassword("correct horse")
        try await fixture.repository.setPassword(
            hash: try await Self.hasher.hash(Password(validating: "battery staple")), user: "bob")
        let runs = Counter()
        let check = SignInCheck(repository: fixture.repository, cacheCapacity: 1) { secret, hash in
            runs.increment()
            return try await PasswordHasher.verify(secret, hash: hash)
        }
        _ = try await check.user(named: "ada", secret: "correct horse")
        _ = try await check.user(named: "bob", secret: "battery staple")
        _ = try await check.user(named: "bob", secret: "battery staple")
        #expect(runs.value == 2)
        #expect(try await check.user(named: "ada", secret: "correct horse") == UserName("ada"))
        #expect(runs.value == 3)
    }
}

/// A wrong password for a user who exists and a password for one who does not take the same
/// time, so the answer's delay tells nobody which user names exist.
@Suite struct SignInCheckMissingUserTests {
    @Test func givenAnUnknownUserOrOneWithoutAPassword_whenChecked_thenBcryptRunsAgainstTheStandInHash()
        async throws
    {
        // Given a check that records the hashes bcrypt is run against (ada has no password)
        let fixture = try await ServerFixture.make()
        let hashes = Mutex<[String]>([])
        let check = SignInCheck(repository: fixture.repository) { secret, hash in
            hashes.withLock { $0.append(hash) }
            return try await PasswordHasher.verify(secret, hash: hash)
        }
        // When eve (unknown) and ada (no password) are tried with a password-length secret
        #expect(try await check.user(named: "eve", secret: "correct horse") == nil)
        #expect(try await check.user(named: "ada", secret: "correct horse") == nil)
        // Then bcrypt ran for each, against the stand-in
        let standIn = SignInCheck<InMemorySyncRepository>.missingUserHash
        #expect(hashes.withLock { $0 } == [standIn, standIn])
    }

    @Test func theStandInHashIsARealHashAtTheCostOfARealPassword() async throws {
        // A malformed stand-in would be refused in microseconds and give the names away again:
        // this one is a whole bcrypt hash at the default cost, checked through all its rounds.
        let standIn = SignInCheck<InMemorySyncRepository>.missingUserHash
        #expect(standIn.hasPrefix("$2b$\(PasswordHasher.defaultCost)$"))
        #expect(try await PasswordHasher.verify("nobody signs in with this stand-in", hash: standIn))
        #expect(try await !PasswordHasher.verify("correct horse", hash: standIn))
    }
}

@Suite struct PasswordTests {
    @Test func givenEightToAThousandCharacters_whenValidated_thenAccepted() throws {
        #expect(try Password(validating: "12345678").text == "12345678")
        #expect(try Password(validating: String(repeating: "가", count: 1000)).text.count == 1000)
    }

    @Test func givenTooShortOrTooLong_whenValidated_thenTheRuleIsNamed() {
        #expect(throws: PasswordError(length: 7)) { try Password(validating: "1234567") }
        #expect(throws: PasswordError(length: 1001)) { try Password(validating: String(repeating: "x", count: 1001)) }
        #expect(
            PasswordError(length: 0).description == "a password must have 8 to 1000 characters; this one has 0")
    }

    @Test func givenAPassphraseLongerThanBcryptReads_whenVerified_thenEveryCharacterCounts() async throws {
        // bcrypt alone reads 72 bytes: two passphrases that differ only after them must differ.
        let common = String(repeating: "a", count: 80)
        let hash = try await PasswordHasher(cost: 4).hash(Password(validating: common + "1"))
        #expect(hash.hasPrefix("$2b$04$"))
        #expect(!hash.contains(common))
        #expect(try await PasswordHasher.verify(common + "1", hash: hash))
        #expect(try await !PasswordHasher.verify(common + "2", hash: hash))
    }
}

/// A count shared with a `@Sendable` closure.
final class Counter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}
