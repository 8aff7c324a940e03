import ArgumentParser
import Foundation
import SwiftASN1
import X509

/// `pm-server tls init --host NAME [--host IP]…`: a private CA and a server certificate it
/// signs, for a server on a LAN that devices reach by a name or address no public CA vouches for.
struct TLSCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tls", abstract: "Make certificates for serving HTTPS.", subcommands: [Init.self])

    struct Init: StartedCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a private CA and a server certificate signed by it, for serving HTTPS on a LAN.",
            discussion: """
                Writes ca.pem and ca-key.pem (the CA, made once and kept: run the command again to \
                renew the server's certificate with the same CA) and server.pem and server-key.pem, \
                all readable by their owner only. Example: pm-server tls init --host pm.local --host 192.168.1.20
                """)

        @Option(
            name: .customLong("host"),
            help: ArgumentHelp(
                "A name or IP address devices use to reach the server; repeat for each.", valueName: "name-or-ip"))
        var hosts: [String] = []

        @Option(help: "The folder to write the files in.") var folder = "."

        func validate() throws {
            guard !hosts.isEmpty else {
                throw ValidationError(
                    "give at least one --host: the name or IP address devices use to reach the server")
            }
            for host in hosts {
                if case .failure(let error) = CertificateHost.parse(host) { throw ValidationError(error.description) }
            }
        }

        func run(_ startUp: StartUp) async throws {
            var hosts: [CertificateHost] = []
            for text in self.hosts {
                let host = try CertificateHost.parse(text).get()
                if !hosts.contains(host) { hosts.append(host) }
            }
            let files = TLSFiles(folder: folder)
            try files.makeFolder()
            let now = startUp.now()
            let authority: PrivateCertificateAuthority
            let keptAuthority = FileManager.default.fileExists(atPath: files.authority)
            if keptAuthority {
                authority = try PrivateCertificateAuthority.read(
                    certificatePath: files.authority, keyPath: files.authorityKey)
            } else {
                authority = try PrivateCertificateAuthority.make(
                    naming: hosts[0].description, now: now, serial: Self.serial(startUp))
                try PrivateFile.write(authority.privateKey.serializeAsPEM().pemString, to: files.authorityKey)
                try PrivateFile.write(authority.certificate.serializeAsPEM().pemString, to: files.authority)
            }
            let server = try authority.issue(for: hosts, now: now, serial: Self.serial(startUp))
            // The key first: a server reloading between the two writes finds a new key with the
            // old certificate, refuses the pair and keeps serving the old one until the next signal.
            try PrivateFile.write(server.privateKey.serializeAsPEM().pemString, to: files.serverKey)
            try PrivateFile.write(server.certificate.serializeAsPEM().pemString, to: files.server)
            print(
                Self.nextSteps(
                    files: files, hosts: hosts, keptAuthority: keptAuthority, expiry: server.certificate.notValidAfter))
        }

        /// A positive serial number of 16 random bytes, as CAs are asked to use.
        static func serial(_ startUp: StartUp) -> [UInt8] {
            var bytes = startUp.secureBytes(16)
            bytes[0] = (bytes[0] & 0x7f) | 0x40
            return bytes
        }

        static func nextSteps(files: TLSFiles, hosts: [CertificateHost], keptAuthority: Bool, expiry: Date) -> String {
            let day = ISO8601DateFormatter.string(from: expiry, timeZone: .gmt, formatOptions: [.withFullDate])
            let authority =
                keptAuthority
                ? "Kept the private CA in \(files.authority) and its key in \(files.authorityKey)."
                : """
                Made a private CA: \(files.authority) (its certificate, for the devices) and \(files.authorityKey) \
                (its key: keep it secret, whoever has it can make certificates those devices trust).
                """
            let url = "https://\(hosts[0].description.contains(":") ? "[\(hosts[0])]" : hosts[0].description):8080"
            return """
                \(authority)
                Made the server's certificate for \(hosts.map(\.description).joined(separator: ", ")), \
                valid until \(day): \(files.server) and its key \(files.serverKey).

                Next:
                  1. Serve HTTPS:
                       pm-server serve --host 0.0.0.0 --tls-certificate \(files.server) --tls-key \(files.serverKey)
                  2. On each computer with pm, trust the CA for the remote:
                       pm remote set \(url) --board BOARD --token - --ca-file \(files.authority)
                     (or add ca.pem to the system's trust store, or set SSL_CERT_FILE=\(files.authority))
                  3. On an iPad or iPhone: AirDrop or mail ca.pem to it, install the profile in Settings > \
                General > VPN & Device Management, then turn on full trust for it in Settings > General > About > \
                Certificate Trust Settings. Then open \(url) in Safari.
                To renew the server's certificate, run this command again in the same folder (the CA stays, \
                devices need nothing new) and send the server SIGHUP: kill -HUP <pid of pm-server>.
                """
        }
    }
}

/// The four files of `pm-server tls init` in a folder.
struct TLSFiles {
    let folder: String

    var authority: String { path("ca.pem") }
    var authorityKey: String { path("ca-key.pem") }
    var server: String { path("server.pem") }
    var serverKey: String { path("server-key.pem") }

    /// The folder, made 0700 when missing.
    func makeFolder() throws {
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    private func path(_ name: String) -> String {
        URL(fileURLWithPath: folder).appendingPathComponent(name).standardizedFileURL.path
    }
}
