import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The server's record of credential changes, kept beside its SQLite database in its own file
/// (`NAME.credentials`, 0600), which `pm-server backup` does not copy and a restore does not
/// replace. Every revoked token, revoked feed key and new password hash is appended to it in the
/// transaction that makes the change; opening the database re-applies it, so a database restored
/// from an older copy does not bring back a token or key revoked since, nor an old password.
///
/// The journal only ever grows by one line per change (a few dozen bytes), and re-applying it is
/// idempotent: a change already in the database changes nothing. Order is what matters, so a
/// line holds no time: the last password line of a user is their password.
struct CredentialJournal {
    /// The journal's file.
    let path: String

    /// The journal of the database at `databasePath`.
    init(databasePath: String) {
        path = databasePath + ".credentials"
    }

    /// Appends `change` and waits until it is on disk: a revocation answered is never lost.
    func append(_ change: CredentialChange) throws {
        var line = try JSONEncoder().encode(change)
        line.append(UInt8(ascii: "\n"))
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CredentialJournalError(path: path, reason: Self.reason(errno)) }
        defer { close(descriptor) }
        fchmod(descriptor, 0o600)
        let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == line.count, fsync(descriptor) == 0 else {
            throw CredentialJournalError(path: path, reason: Self.reason(errno))
        }
    }

    /// Every change recorded, oldest first; none when there is no journal. A line that cannot be
    /// read (a write cut short by a crash) is skipped: it was never answered as done.
    func changes() throws -> [CredentialChange] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CredentialJournalError(path: path, reason: "it cannot be read")
        }
        let decoder = JSONDecoder()
        return data.split(separator: UInt8(ascii: "\n")).compactMap {
            try? decoder.decode(CredentialChange.self, from: $0)
        }
    }

    private static func reason(_ code: Int32) -> String {
        switch code {
        case EACCES, EPERM: "pm-server may not write there; give its user write access to the folder"
        case ENOSPC: "the disk is full"
        default: String(cString: strerror(code))
        }
    }
}

/// One change to a credential, as the journal keeps it: never a token or key, only its hash.
enum CredentialChange: Codable, Hashable, Sendable {
    /// A token was revoked: its SHA-256 hash.
    case tokenRevoked(hash: [UInt8])
    /// A calendar feed key was revoked: its SHA-256 hash.
    case feedKeyRevoked(hash: [UInt8])
    /// A user's password was set: its bcrypt hash.
    case passwordSet(user: String, hash: String)
}

/// The credential journal could not be written or read; the change it was for was not made.
public struct CredentialJournalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The journal's file.
    public var path: String
    /// Why, in words a person can act on.
    public var reason: String

    public var description: String {
        "cannot record the credential change in \(path), so it was not made: \(reason)"
    }
}
