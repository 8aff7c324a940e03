import Foundation
import Testing

/// `pm` on a tiny file system that fills up and turns read-only: a tmpfs mounted in a private
/// mount namespace (`unshare -m`, so nothing outside the test sees it). Each step runs the real
/// binary and prints `name<TAB>status<TAB>stderr`.
@Suite struct StorageFaultTests {
    static let script = #"""
        set -u
        mount -t tmpfs -o size=1m tmpfs "$MNT"
        export PM_DATABASE="$MNT/board/projects.sqlite"
        step() { name=$1; shift; "$PM" "$@" >/dev/null 2>"$ERR"; printf '%s\t%s\t%s\n' "$name" "$?" "$(tr '\n' ' ' <"$ERR")"; }
        count() { printf 'count\t%s\n' "$("$PM" list --json | grep -o '"title"' | wc -l)"; }
        step first add "첫 카드" --deadline +3d
        # Fill the disk, then give back a little: later commands open, and fail part-way.
        dd if=/dev/zero of="$MNT/fill" bs=4k 2>/dev/null
        truncate -s -96k "$MNT/fill"
        long=$(head -c 1000 /dev/zero | tr '\0' x)
        for i in $(seq 1 40); do step "fill$i" add "카드 $i" --deadline +3d --description "$long"; done
        rm "$MNT/fill"
        count
        step after add "다시" --deadline +3d
        count
        mount -o remount,ro "$MNT"
        step readonly add "읽기 전용" --deadline +3d
        mount -o remount,rw "$MNT"
        count
        """#

    struct Step {
        var name: String
        var status: String
        var message: String
    }

    @Test func givenAFullThenReadOnlyDiskWhenCardsAreAddedThenEachRefusalSaysWhyExits3AndLosesNothing() throws {
        let runner = try PMRunner()
        let mount = runner.path("tiny")
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        // Given the script, run in a mount namespace of its own
        let result = try runner.run(
            ["-m", "bash", "-c", Self.script],
            environment: ["MNT": mount, "ERR": runner.path("step.err"), "PM": PMRunner.binary.path],
            executable: URL(fileURLWithPath: "/usr/bin/unshare"))
        try #require(result.status == 0, "unshare: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        let steps = lines.filter { $0.count == 3 }.map { Step(name: $0[0], status: $0[1], message: $0[2]) }
        let counts = lines.filter { $0.count == 2 && $0[0] == "count" }.map {
            Int($0[1].trimmingCharacters(in: .whitespaces)) ?? -1
        }
        let filling = steps.filter { $0.name.hasPrefix("fill") }
        let added = filling.filter { $0.status == "0" }.count
        let refused = filling.filter { $0.status != "0" }
        // Then the disk filled up part-way through, and every refusal said so with exit 3
        #expect(steps.first?.status == "0")
        #expect(!refused.isEmpty, "the disk never filled: \(steps.map(\.status))")
        for step in refused {
            #expect(step.status == "3")
            #expect(step.message.contains("is full; nothing was changed"), "\(step.name): \(step.message)")
        }
        // And every card a command reported added is on the board, no more and no less
        #expect(counts == [1 + added, 2 + added, 2 + added])
        #expect(steps.first { $0.name == "after" }?.status == "0")
        // And a read-only mount is named as such, with exit 3
        let readOnly = try #require(steps.first { $0.name == "readonly" })
        #expect(readOnly.status == "3")
        #expect(readOnly.message.contains("is read-only; nothing was changed"), "\(readOnly.message)")
    }
}

/// Reading and rescuing a board whose disk is full or read-only: the commands that only read
/// open the file without writing anything beside it, and `export` writes to another disk.
@Suite struct ReadingOnAFullOrReadOnlyDiskTests {
    static let script = #"""
        set -u
        mount -t tmpfs -o size=1m tmpfs "$MNT"
        export PM_DATABASE="$MNT/board/projects.sqlite"
        step() { name=$1; shift; "$PM" "$@" >"$OUT/$name.out" 2>"$OUT/$name.err"; printf '%s\t%s\n' "$name" "$?"; }
        step add1 add "첫 카드" --deadline +3d
        PM_NOW=2026-11-20T10:00:00Z step add2 add "둘째 카드" --deadline +1d
        dd if=/dev/zero of="$MNT/fill" bs=4k 2>/dev/null
        step full-add add "넘침" --deadline +3d
        step full-list list --json
        step full-export export -o "$OUT/full-export.json"
        rm "$MNT/fill"
        mount -o remount,ro "$MNT"
        step ro-list list
        step ro-due due
        step ro-history history
        step ro-export export -o "$OUT/ro-export.json"
        # Without the WAL's index files beside it (a clean close leaves none on many systems)
        mount -o remount,rw "$MNT"
        rm -f "$MNT/board/projects.sqlite-wal" "$MNT/board/projects.sqlite-shm"
        mount -o remount,ro "$MNT"
        step bare-list list --json
        step bare-export export -o "$OUT/bare-export.json"
        printf 'files\t%s\n' "$(ls "$MNT/board" | tr '\n' ' ')"
        """#

    @Test func givenAFullThenReadOnlyDiskThenListDueHistoryAndExportToAnotherDiskStillWork() throws {
        let runner = try PMRunner()
        let mount = runner.path("tiny")
        let out = runner.path("out")
        for folder in [mount, out] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        // Given a board with two cards on a tiny disk that fills up, then turns read-only
        let result = try runner.run(
            ["-m", "bash", "-c", Self.script],
            environment: ["MNT": mount, "OUT": out, "PM": PMRunner.binary.path, "PM_NOW": "2026-11-26T10:00:00Z"],
            executable: URL(fileURLWithPath: "/usr/bin/unshare"))
        try #require(result.status == 0, "unshare: \(result.stderr)")
        var status: [String: String] = [:]
        for line in result.stdout.split(separator: "\n") {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if parts.count == 2 { status[parts[0]] = parts[1] }
        }
        func read(_ name: String) -> String { (try? String(contentsOfFile: "\(out)/\(name)", encoding: .utf8)) ?? "" }
        #expect(status["add1"] == "0" && status["add2"] == "0")
        // Then a change is refused on the full disk, and reading and exporting elsewhere work
        #expect(status["full-add"] == "3")
        for step in [
            "full-list", "full-export", "ro-list", "ro-due", "ro-history", "ro-export", "bare-list", "bare-export",
        ] {
            #expect(status[step] == "0", "\(step): \(read("\(step).err"))")
        }
        for json in ["full-list.out", "bare-list.out"] {
            #expect(read(json).contains("첫 카드") && read(json).contains("둘째 카드"), "\(json)")
        }
        #expect(read("ro-list.out").contains("첫 카드"))
        #expect(read("ro-due.out").contains("둘째 카드"))
        #expect(read("ro-history.out").contains("Added \"첫 카드\""))
        for export in ["full-export.json", "ro-export.json", "bare-export.json"] {
            #expect(read(export).contains("둘째 카드"), "\(export)")
        }
        // And nothing was written beside the database on the read-only disk
        #expect(result.stdout.contains("files\tprojects.sqlite \n"), "\(result.stdout)")
    }
}
