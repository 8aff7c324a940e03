public import Foundation
import PMDomain
import PMServer

/// The web board's files (`Sources/PMWeb/Resources`: the page, its CSS, JavaScript modules and
/// service worker), read from a folder and served as they are. A file is only ever found below
/// the folder: a path that climbs out of it, or names a hidden file, is not found.
public struct WebResources: Sendable {
    /// The folder the files are read from.
    public let root: URL

    /// Files read from `root`.
    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    /// The files that ship with the module (copied beside the executable by SwiftPM), or `nil`
    /// when a binary was copied away from them.
    public static func bundled() -> WebResources? {
        guard let url = Bundle.module.url(forResource: "Resources", withExtension: nil) else { return nil }
        return WebResources(root: url)
    }

    /// One file's bytes, type and entity tag.
    struct File: Sendable {
        var bytes: Data
        var contentType: String
        /// A strong ETag: the first 16 bytes of the content's SHA-256, quoted.
        var etag: String
    }

    /// The file at `path` (segments below ``root``, as in `js/app.js`), or `nil` when there is
    /// none or the path is not one the board serves.
    func file(at path: [Substring]) -> File? {
        guard !path.isEmpty, path.allSatisfy(Self.isPlainSegment) else { return nil }
        let url = path.reduce(root) { $0.appendingPathComponent(String($1)) }.standardizedFileURL
        guard url.path.hasPrefix(root.path + "/") else { return nil }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue,
            let bytes = FileManager.default.contents(atPath: url.path)
        else { return nil }
        return File(bytes: bytes, contentType: Self.contentType(of: url.pathExtension), etag: EntityTag.of(bytes))
    }

    /// Where the board page loads its script from: every module of `js/` in one file.
    static let combinedPath: [Substring] = ["js", "board.combined.js"]

    /// The modules of `js/` combined (``CombinedModules``), or `nil` when they cannot be.
    func combinedModules() -> File? {
        let modules = CombinedModules { name in
            file(at: ["js", Substring(name)]).map { String(decoding: $0.bytes, as: UTF8.self) }
        }
        guard let script = try? modules.script() else { return nil }
        let bytes = Data(script.utf8)
        return File(bytes: bytes, contentType: Self.contentType(of: "js"), etag: EntityTag.of(bytes))
    }

    /// A segment naming a file or folder by itself: not empty, not `.`/`..` or hidden, no
    /// backslash or NUL that a file system might read as something else.
    static func isPlainSegment(_ segment: Substring) -> Bool {
        !segment.isEmpty && !segment.hasPrefix(".") && !segment.contains("\\") && !segment.contains("\0")
            && !segment.contains("%")
    }

    /// The `Content-Type` of a file with extension `pathExtension`; modules are `text/javascript`
    /// (what browsers require of `<script type="module">`).
    static func contentType(of pathExtension: String) -> String {
        switch pathExtension.lowercased() {
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "html": "text/html; charset=utf-8"
        case "json": "application/json"
        case "webmanifest": "application/manifest+json"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "ico": "image/x-icon"
        case "woff2": "font/woff2"
        case "txt": "text/plain; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}
