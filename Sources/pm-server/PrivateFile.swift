import Foundation

/// Files only their owner may read (0600, whatever the umask), written whole: a private key is
/// never readable by others, not even for a moment, and a reader never sees half a file.
enum PrivateFile {
    /// Writes `text` to `path` through a temporary file beside it, renamed over `path`.
    static func write(_ text: String, to path: String) throws {
        let temporary = path + ".new"
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw PrivateFileError(path: temporary, errno: errno) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        fchmod(descriptor, 0o600)
        do {
            try handle.write(contentsOf: Data(text.utf8))
            try handle.synchronize()
            try handle.close()
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw PrivateFileError(path: path, errno: code)
        }
    }
}

/// A private file that could not be written.
struct PrivateFileError: Error, CustomStringConvertible {
    let path: String
    let errno: Int32

    var description: String { "\(path) cannot be written: \(String(cString: strerror(errno)))" }
}
