import Foundation
import PMTestSupport
import Testing

/// What `pm-server` says when the system refuses it: a sentence naming the port or the file and
/// what to do, never the failed system call, Foundation's error domain or SQLite's error number.
@Suite(.serialized, .timeLimit(.minutes(2))) struct SystemErrorTextTests {
    @Test func givenABusyPortThenServeNamesThePortAndTheSettingToChange() throws {
        // Given a database and a port another program listens on
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        #expect(try command.run(["user", "add", "ada"]).status == 0)
        let busy = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(busy) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(busy, $0, length) == 0 && listen(busy, 1) == 0 && getsockname(busy, $0, &length) == 0
            }
        }
        try #require(listening)
        let port = Int(UInt16(bigEndian: address.sin_port))

        // When serve is started on it
        let served = try command.run(["serve", "--port", "\(port)"])

        // Then it exits saying which port is taken and how to choose another
        #expect(served.status != 0)
        #expect(served.error.contains("port \(port) on 127.0.0.1 is already in use"), "\(served.error)")
        #expect(served.error.contains("--port"))
        #expect(!served.error.contains("bind(descriptor"))
    }

    @Test func givenADatabasePathThroughAFileThenTheRefusalSaysSoWithoutFoundationsCode() throws {
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        try FileManager.default.createDirectory(at: command.folder, withIntermediateDirectories: true)
        let file = command.folder.appendingPathComponent("a-file").path
        _ = FileManager.default.createFile(atPath: file, contents: Data())

        let added = try command.runWithout(database: ["user", "add", "ada", "--database", file + "/pm.sqlite"])

        #expect(added.status == 3)
        #expect(added.error.contains("is a file, not a folder; choose another --database"), "\(added.error)")
        #expect(!added.error.contains("NSCocoaErrorDomain"))
    }

    @Test func givenAFolderAsTheDatabaseThenTheRefusalSaysSoWithoutSQLitesNumber() throws {
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        try FileManager.default.createDirectory(at: command.folder, withIntermediateDirectories: true)

        let added = try command.runWithout(database: ["token", "add", "ada", "--database", command.folder.path])

        #expect(added.status == 3)
        #expect(
            added.error.contains("cannot use the database \(command.folder.path): it cannot be opened: it is a folder"))
        #expect(!added.error.contains("SQLite error"))
    }

    @Test func givenARunningServerWhenItIsSentSIGTERMThenItLogsThatItStopped() async throws {
        let (command, server) = try await HealthCommandTests.servingServer()
        defer { HealthCommandTests.stop(server, command) }

        #expect(server.terminate() == 0)

        #expect(server.log.contains("stopped"), "\(server.log)")
    }
}
