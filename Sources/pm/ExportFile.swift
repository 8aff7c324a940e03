import Foundation

/// Where `pm export -o PATH` writes. A link is followed, so a link to a backup on another disk
/// keeps pointing at a fresh backup instead of being replaced by a plain file. A regular file
/// (or a new one) in a folder that can be written is replaced atomically: a crash leaves the old
/// export or the new one, never half of one. Anything else — a device, a pipe, a file in a folder
/// that cannot be written — is written in place.
struct ExportFile {
    let path: String

    func write(_ data: Data) throws {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        let exists = manager.fileExists(atPath: target.path, isDirectory: &isFolder)
        if isFolder.boolValue {
            throw CocoaError(.fileWriteInvalidFileName, userInfo: [NSLocalizedDescriptionKey: "it is a folder"])
        }
        let isRegular =
            !exists || (try? manager.attributesOfItem(atPath: target.path)[.type] as? FileAttributeType) == .typeRegular
        if isRegular, manager.isWritableFile(atPath: target.deletingLastPathComponent().path) {
            // The new file takes the old one's mode: a backup kept private stays private.
            let mode = exists ? try? manager.attributesOfItem(atPath: target.path)[.posixPermissions] : nil
            try data.write(to: target, options: .atomic)
            if let mode { try manager.setAttributes([.posixPermissions: mode], ofItemAtPath: target.path) }
            return
        }
        let handle = try FileHandle(forWritingTo: target)
        defer { try? handle.close() }
        if isRegular { try handle.truncate(atOffset: 0) }
        try handle.write(contentsOf: data)
    }
}
