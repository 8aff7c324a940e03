import Foundation
import PMDomain
import PMSyncProtocol
import PMTestSupport
import Testing

/// A real `pm-server` whose SQLite file lives on a tiny tmpfs, mounted in a private mount
/// namespace (`unshare -m`), that fills up under pushes.
@Suite struct ServerStorageFaultTests {
    static let script = #"""
        set -u
        mount -t tmpfs -o size=2m tmpfs "$MNT"
        DB="$MNT/server.sqlite"
        TOKEN=$("$SERVER" user add ada --database "$DB")
        "$SERVER" board add team --member ada --database "$DB" >/dev/null
        # Most of the disk is taken by something else, so the pushes fill the rest.
        dd if=/dev/zero of="$MNT/other" bs=64k count=20 2>/dev/null
        "$SERVER" serve --port "$PORT" --database "$DB" --log-level critical & server=$!
        for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/health" >/dev/null && break; sleep 0.1; done
        push() {
            curl -s -o "$OUT/answer" -w '%{http_code}\t%header{retry-after}' -H "Authorization: Bearer $TOKEN" \
                -H 'Content-Type: application/json' --data-binary @"$OUT/batch$1.json" \
                "http://127.0.0.1:$PORT/v1/boards/team/operations"
        }
        refused=""
        for i in $(seq 1 "$BATCHES"); do
            printf 'push\t%s\t%s\t%s\n' "$i" "$(push "$i")" "$(tr '\t\n' '  ' <"$OUT/answer")"
            if grep -q storageUnavailable "$OUT/answer"; then refused=$i; break; fi
        done
        rm "$MNT/other"
        [ -n "$refused" ] && printf 'again\t%s\t%s\t-\n' "$refused" "$(push "$refused")"
        pulled=$(curl -s -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$PORT/v1/boards/team/operations?limit=1000")
        printf 'count\t%s\n' "$(printf '%s' "$pulled" | grep -o '"seq"' | wc -l)"
        kill "$server"; wait "$server"
        """#

    static let batches = 40
    static let perBatch = 20

    @Test func givenAFullDiskWhenDevicesPushThenTheServerAnswers503WithRetryAfterAndStoresEachOperationOnceAfterwards()
        throws
    {
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        let folder = command.folder
        let mount = folder.path + "/tiny"
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        // Given batches of cards with long Korean descriptions, more than the disk holds
        for batch in 1...Self.batches {
            let operations = (0..<Self.perBatch).map { index in
                SyncFixtures.operation(
                    batch * 1000 + index, project: batch * 1000 + index,
                    fields: ProjectFields(
                        title: "카드 \(batch)-\(index)", description: String(repeating: "한", count: 1000)))
            }
            try JSONEncoder().encode(PushRequest(operations: operations))
                .write(to: URL(fileURLWithPath: folder.path + "/batch\(batch).json"))
        }
        // When they are pushed to a server on a 2 MiB disk, and the disk is freed after a refusal
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["-m", "bash", "-c", Self.script]
        process.environment = ProcessInfo.processInfo.environment.merging([
            "MNT": mount, "OUT": folder.path, "SERVER": ServerCommand.binary.path,
            "PORT": String(try ServerProcess.freePort()), "BATCHES": String(Self.batches),
        ]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lines = text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        let pushes = lines.filter { $0.first == "push" && $0.count == 5 }
        let accepted = pushes.filter { $0[2] == "200" }.count
        let refusal = try #require(pushes.last, "no push ran: \(text)")
        // Then the push the disk could not hold was answered 503 with Retry-After, naming why
        #expect(refusal[2] == "503", "\(text)")
        #expect(Int(refusal[3]) ?? 0 > 0)
        #expect(refusal[4].contains("full") || refusal[4].contains("disk"), "\(refusal[4])")
        #expect(accepted == pushes.count - 1 && accepted > 0)
        // And once space is freed, the same push is stored, and every operation is there exactly once
        let again = try #require(lines.first { $0.first == "again" })
        #expect(again[2] == "200")
        let count = try #require(lines.first { $0.first == "count" }).last.map {
            Int($0.trimmingCharacters(in: .whitespaces))
        }
        #expect(count == (accepted + 1) * Self.perBatch)
    }
}
