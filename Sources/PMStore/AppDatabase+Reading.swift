import Foundation
import GRDB
public import PMDomain
import PMSQLite

extension AppDatabase {
    /// Opens the database for a command that only reads (`list`, `show`, `history`, `due`,
    /// `export`): as ``open(path:environment:access:)`` does, and, when that is refused because
    /// the disk is full or the file, its folder or its mount is read-only, read-only without
    /// writing anything, so that a board can be read and rescued whenever its file can be read.
    public static func openForReading(path: String, environment: PMDomain.Environment) throws(StoreError)
        -> AppDatabase
    {
        do {
            return try open(path: path, environment: environment)
        } catch {
            guard FileManager.default.fileExists(atPath: path), StorageCondition.of(path: path) != nil else {
                throw error
            }
            do {
                return try openReadOnly(path: path, environment: environment)
            } catch {
                // The first refusal names what the user can act on (the full disk, the read-only mount).
                throw StoreError.from(error, path: path)
            }
        }
    }

    /// A connection that writes nothing, not even SQLite's WAL index: a read-only connection on a
    /// WAL database creates the `-shm` and `-wal` files, which a read-only mount refuses and a
    /// full disk fails. With no committed change waiting in the `-wal` (a command's connection
    /// checkpoints on close), the main file is the whole board, and SQLite reads it as
    /// `immutable`, touching nothing beside it; with changes waiting there, SQLite must read them
    /// through the index, which it does only where it can.
    static func openReadOnly(path: String, environment: PMDomain.Environment) throws -> AppDatabase {
        let configuration = LockWait.configuration(readonly: true)
        let waiting = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        let location = waiting > 0 ? path : immutableURI(path)
        let queue = try DatabaseQueue(path: location, configuration: configuration)
        return try AppDatabase(writer: queue, environment: environment, path: path, migrating: false)
    }

    /// `path` as a SQLite URI (`file:…?immutable=1`); SQLite decodes `%HH` in it, so the
    /// characters that would end the path or start an escape are encoded.
    static func immutableURI(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "%?#")
        return "file:" + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path) + "?immutable=1"
    }
}

extension StoreError {
    /// `error` as a ``StoreError``, mapping SQLite's failures.
    static func from(_ error: any Error, path: String) -> StoreError {
        (error as? StoreError) ?? StoreError(error, path: path)
    }
}
