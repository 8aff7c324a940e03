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
