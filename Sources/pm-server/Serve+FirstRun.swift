import PMServer
import PMWeb

extension Serve {
    /// The first run's invitation: a random code, and the password rule and storage of
    /// `pm-server user password` for the first user.
    static func firstRun(_ repository: some SyncRepository, startUp: StartUp) -> FirstRun {
        FirstRun(
            randomBytes: startUp.secureBytes(16),
            checkPassword: { password in
                guard (8...1000).contains(password.count) else {
                    throw FirstRunPasswordError(
                        description: "a password must have 8 to 1000 characters; this one has \(password.count)")
                }
                // Passwords are stored by the accounts work (`Password(validating:)`,
                // `PasswordHasher`, `SyncRepository.setPassword`): until it is merged this build
                // cannot keep one, and refuses here, before anything is stored.
                throw FirstRunPasswordError(description: "this build of pm-server cannot store passwords yet")
            },
            setPassword: { _, _ in
                throw FirstRunPasswordError(description: "this build of pm-server cannot store passwords yet")
            })
    }
}

/// A first user's password the first run refuses or cannot store.
struct FirstRunPasswordError: Error, CustomStringConvertible {
    let description: String
}
