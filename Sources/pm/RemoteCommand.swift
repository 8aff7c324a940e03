import ArgumentParser
import Foundation
import PMDomain
import PMStore
import PMSyncClient
import PMSyncProtocol

/// `pm remote`: the sync server this board syncs with.
struct RemoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remote",
        abstract: "Set, show or remove the sync server this board syncs with.",
        discussion: """
            The remote (server URL, board and token) is kept in the database file; protect the \
            file as you would the token. Example: pm remote set https://pm.example.com --board team --token -
            """,
        subcommands: [SetRemote.self, ShowRemote.self, RemoveRemote.self])
}

/// `pm remote set URL --board BOARD --token TOKEN`.
struct SetRemote: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Sync this board with BOARD on the server at URL.",
        discussion: """
            The token comes from --token, or from the first line of stdin with --token -, or from \
            $PM_TOKEN, so it need not sit in your shell history. Moving to another server or board \
            queues every change of this device again, for the new board. Nothing is sent until the \
            next change or pm sync. Example: pm remote set http://127.0.0.1:8080 --board team --token -
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(
        help: "The server: http:// or https:// with a host, e.g. https://pm.example.com or http://127.0.0.1:8080.")
    var url: String

    @Option(help: "The board's name on the server.")
    var board: String

    @Option(
        help: ArgumentHelp("The access token, or - to read it from stdin (default: $PM_TOKEN).", valueName: "token"))
    var token: String?

    @Option(
        help: ArgumentHelp(
            "A PEM file of the private CA that signs the https server's certificate (pm-server tls init's "
                + "ca.pem), trusted beside the system's CAs and kept with the remote.",
            valueName: "file"))
    var caFile: String?

    var serverURL: String {
        var text = url.trimmingCharacters(in: .whitespaces)
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    var boardName: String { board.trimmingCharacters(in: .whitespaces) }

    /// `--ca-file` as an absolute path: the remote is used from any folder.
    var authorityFile: String? {
        caFile.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
    }

    func validate() throws {
        if let problem = Self.problem(url: serverURL) { throw ValidationError(problem) }
        if let authorityFile {
            guard serverURL.lowercased().hasPrefix("https://") else {
                throw ValidationError("--ca-file is for a server reached over https://; got \"\(serverURL)\"")
            }
            if let problem = ServerTrust.problem(authorityFile: authorityFile) { throw ValidationError(problem) }
        }
        guard ServerName.isValid(boardName) else {
            throw ValidationError(
                "the board must be a name as the server gives it, \(ServerName.rule), got \"\(boardName)\"")
        }
    }

    func run() throws {
        let context = try Context(options)
        let token = try readToken(environment: context.variables)
        let database = try context.open()
        let previous = try database.remote()
        let remote = Remote(url: serverURL, board: boardName, token: token, caFile: authorityFile)
        try database.setRemote(remote)
        let count = try database.pendingCount()
        let pending = SyncCommand.changes(count)
        let trusting = remote.caFile.map { ", trusting the CA in \($0)" } ?? ""
        let target = "\(remote.url), board \(remote.board) (token \(ServerLink.masked(token))\(trusting))"
        guard let previous else {
            let queue = count == 0 ? "" : "; \(pending) to send at the next change or pm sync"
            context.output.print("Remote set: \(target)\(queue)")
            return
        }
        if previous.url == remote.url && previous.board == remote.board {
            context.output.print("Remote updated: \(target); syncing goes on where it was")
        } else {
            context.output.print(
                "Remote changed to \(target), was \(previous.url), board \(previous.board). "
                    + "Every change on this device is queued again for the new board: \(pending) to send")
        }
    }

    /// Why `url` cannot be a server's address, or `nil` when it can.
    static func problem(url: String) -> String? {
        let rule = "the server URL must start with http:// or https:// and name a host, like https://pm.example.com"
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else { return "\(rule); got \"\(url)\"" }
        guard components.query == nil, components.fragment == nil, components.user == nil, components.password == nil
        else { return "\(rule), without a user, query or fragment; got \"\(url)\"" }
        return nil
    }

    /// The token from `--token`, stdin (`--token -`) or `$PM_TOKEN`, checked to fit a header.
    private func readToken(environment: [String: String]) throws -> String {
        var text = token ?? environment["PM_TOKEN"] ?? ""
        if text == "-" {
            let input = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            text = input.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        }
        text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else {
            throw CommandFailure(
                "a token is needed: --token TOKEN, --token - to read it from stdin, or $PM_TOKEN", code: 64)
        }
        guard
            !text.contains(where: {
                $0.isWhitespace || $0.unicodeScalars.contains { $0.properties.generalCategory == .control }
            })
        else { throw CommandFailure("the token must be one word without spaces or control characters", code: 64) }
        return text
    }
}

/// `pm remote show`.
struct ShowRemote: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show the remote; the token only by its first characters.",
        discussion: "Example: pm remote show --json")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let context = try Context(options)
        let remote = try context.open().remote()
        if output.json {
            guard let remote else { return context.output.print("null") }
            let fields: [String: String?] = [
                "url": remote.url, "board": remote.board, "token": ServerLink.masked(remote.token),
                "caFile": remote.caFile,
            ]
            try context.output.printJSON(fields)
            return
        }
        guard let remote else { return context.output.print("No remote set: this board is local only") }
        context.output.print(
            """
            URL: \(remote.url)
            Board: \(remote.board)
            Token: \(ServerLink.masked(remote.token))
            """ + (remote.caFile.map { "\nCA file: \($0)" } ?? ""))
    }
}

/// `pm remote remove`.
struct RemoveRemote: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Stop syncing this board; every change stays on this device.",
        discussion: "Example: pm remote remove")

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let context = try Context(options)
        guard let removed = try context.open().removeRemote() else {
            return context.output.print("No remote was set")
        }
        context.output.print(
            "Remote removed (\(removed.url), board \(removed.board)); every change stays on this device")
    }
}
