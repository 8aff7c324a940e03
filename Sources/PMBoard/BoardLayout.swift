public import PMDomain
import TerminalKit

/// Where things go on screen for a state: shared by the views that draw and the reducer that
/// scrolls and hit-tests mouse clicks, so the two never disagree.
public struct BoardLayout: Sendable {
    /// A list's box on screen.
    public struct Column: Sendable {
        /// The list.
        public var status: Status
        /// The box's left edge and width.
        public var x: Int
        /// The box's width.
        public var width: Int
    }

    /// The lists on screen: three, or one when the terminal is narrow.
    public let columns: [Column]
    /// The first row of the boxes.
    public let boxTop: Int
    /// The row of the boxes' bottom border.
    public let boxBottom: Int

    /// The layout for `state`.
    public init(_ state: BoardState) {
        let size = state.size
        if state.isNarrow {
            columns = [Column(status: state.column, x: 0, width: size.width)]
            boxTop = 2
        } else {
            let width = size.width / 3
            columns = Status.allCases.enumerated().map { index, status in
                Column(status: status, x: index * width, width: index == 2 ? size.width - 2 * width : width)
            }
            boxTop = 1
        }
        boxBottom = max(boxTop + 1, size.height - 2)
    }

    /// Rows inside a box for cards.
    public var innerHeight: Int { max(0, boxBottom - boxTop - 1) }

    /// The column a screen column falls in.
    public func column(atX x: Int) -> Column? {
        columns.first { x >= $0.x && x < $0.x + $0.width }
    }

    /// Text width inside a card of `column`.
    public static func textWidth(_ column: Column) -> Int { max(1, column.width - 4) }

    /// The lines a card takes: title, up to three description lines, deadline, and a gap.
    public static func cardLines(_ project: Project, width: Int) -> [String] {
        [project.title.truncated(toWidth: width)] + descriptionLines(project.description, width: width, limit: 3)
            + [project.deadline.description]
    }

    /// The description wrapped to `width` columns, at most `limit` lines, the last cut with `…`.
    public static func descriptionLines(_ text: String, width: Int, limit: Int) -> [String] {
        guard !text.isEmpty, width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var used = 0
            for character in paragraph {
                let w = character.displayWidth
                if used + w > width {
                    // Break at the last space when there is one, as people wrap words.
                    if let space = line.lastIndex(of: " "), space > line.startIndex {
                        lines.append(String(line[..<space]))
                        line = String(line[line.index(after: space)...])
                    } else {
                        lines.append(line)
                        line = ""
                    }
                    used = line.displayWidth
                }
                line.append(character)
                used += w
            }
            lines.append(line)
            if lines.count > limit { break }
        }
        guard lines.count > limit else { return lines }
        var kept = Array(lines.prefix(limit))
        let last = kept[limit - 1]
        var cut = ""
        var used = 0
        for character in last {
            if used + character.displayWidth > width - 1 { break }
            cut.append(character)
            used += character.displayWidth
        }
        kept[limit - 1] = cut + "…"
        return kept
    }

    /// The indices of the cards of `status` that fit, from its top card, and each card's first row.
    public func visibleCards(_ state: BoardState, _ column: Column) -> [(index: Int, row: Int)] {
        let cards = state.cards(column.status)
        var result: [(Int, Int)] = []
        var row = boxTop + 1
        var index = state.top[column.status] ?? 0
        while index < cards.count {
            let height = Self.cardLines(cards[index], width: Self.textWidth(column)).count
            if row + height > boxBottom, !result.isEmpty { break }
            result.append((index, row))
            row += height + 1
            index += 1
        }
        return result
    }
}
