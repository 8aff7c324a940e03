import Foundation
import PMTestSupport
import Testing

/// The one home of "a temporary folder removed at the end", which every suite that writes files
/// uses: nothing is left in the temporary directory after a run, pass or fail.
@Suite struct TemporaryFolderTests {
    @Test func givenAFolderWithFilesAndASubfolderWhenTheLastReferenceGoesThenAllOfItIsRemoved() throws {
        // Given a folder with a file and a subfolder holding another
        var path = ""
        do {
            let folder = try TemporaryFolder(prefix: "pm-folder-test")
            path = folder.path
            try Data("a".utf8).write(to: URL(fileURLWithPath: folder.file("projects.sqlite")))
            try FileManager.default.createDirectory(atPath: folder.file("home"), withIntermediateDirectories: false)
            try Data("b".utf8).write(to: URL(fileURLWithPath: folder.file("home/config.json")))
            #expect(FileManager.default.fileExists(atPath: folder.file("home/config.json")))
        }

        // Then, the reference gone, so is the folder
        #expect(!path.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func givenTwoFoldersOfOnePrefixThenEachIsItsOwnAndNamedByThePrefix() throws {
        let first = try TemporaryFolder(prefix: "pm-folder-test")
        let second = try TemporaryFolder(prefix: "pm-folder-test")

        #expect(first.path != second.path)
        let temporary = FileManager.default.temporaryDirectory.path
        for folder in [first, second] {
            #expect(folder.path.hasPrefix(temporary))
            #expect(URL(fileURLWithPath: folder.path).lastPathComponent.hasPrefix("pm-folder-test-"))
            var isFolder: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) && isFolder.boolValue)
        }
    }
}
