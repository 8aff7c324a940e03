import PMServer
import PMWeb

extension Serve {
    /// The first run's invitation: a random code, and the password rule and storage of
    /// `pm-server user password` for the first user.
    static func firstRun(_ repository: some SyncRepository, startUp: StartUp) -> FirstRun {
        FirstRun(
            randomBytes: startUp.secureBytes(16),
            // The same rule and storage as `pm-server user password`.
            checkPassword: { _ = try Password(validating: $0) },
            setPassword: { user, password in
                let hash = try await PasswordHasher().hash(try Password(validating: password))
                try await repository.setPassword(hash: hash, user: user)
            })
    }
}
