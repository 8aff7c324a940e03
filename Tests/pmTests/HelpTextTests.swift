import Foundation
import Testing

/// Help reads as the parser lays it out: paragraphs wrapped once, each default said once.
@Suite struct HelpTextTests {
    @Test(arguments: [
        ["--help"], ["due", "--help"], ["sync", "--help"], ["status", "--help"], ["remote", "set", "--help"],
    ])
    func helpParagraphsAreWrappedOnceNotBrokenAfterAWord(arguments: [String]) throws {
        // Given a command's help
        let help = try PMRunner().succeed(arguments).stdout
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

        // Then no line of running text (before USAGE) is a word or two left over from a second wrap
        let text = Array(lines.prefix { !$0.hasPrefix("USAGE:") })
        for index in text.indices.dropLast() where !text[index].isEmpty && !text[index + 1].isEmpty {
            #expect(text[index].split(separator: " ").count >= 3, "a line wrapped twice: \"\(text[index])\"")
        }
    }

    @Test func aDefaultIsSaidOnce() throws {
        let help = try PMRunner().succeed(["due", "--help"]).stdout

        #expect(help.contains("(default: 1d)"))
        #expect(!help.contains("(default 1d"))
    }
}
