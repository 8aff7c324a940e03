public import PMSyncProtocol

/// A board's snapshot read a page at a time: the head it reflects, known before any card is
/// read, then its cards page after page, all from one view of the board. The snapshot route
/// sends the head as soon as it has it and each page as it is read, so a board of a million
/// cards is answered at once and in bounded memory, not after the whole board was read.
public struct SnapshotPages: Sendable {
    /// The board's sequence number the cards reflect.
    public let head: Int64
    let read: @Sendable () async throws -> [BoardSnapshot.Card]

    /// Pages whose cards `read` gives, each call the next page, an empty one when none is left.
    public init(head: Int64, read: @escaping @Sendable () async throws -> [BoardSnapshot.Card]) {
        self.head = head
        self.read = read
    }

    /// Every card of a snapshot already read whole, in pages of `size`.
    public init(_ snapshot: BoardSnapshot, size: Int) {
        let pages = stride(from: 0, to: snapshot.projects.count, by: max(size, 1)).map {
            Array(snapshot.projects[$0..<min($0 + max(size, 1), snapshot.projects.count)])
        }
        let queue = PageQueue(pages)
        self.init(head: snapshot.seq) { await queue.next() }
    }

    /// The next page; empty once every card was read.
    public func next() async throws -> [BoardSnapshot.Card] {
        try await read()
    }

    /// How many cards a page holds: about half a megabyte of answer, written while the next
    /// page is read.
    public static let size = 1000
}

/// Pages handed out one at a time.
private actor PageQueue {
    var pages: [[BoardSnapshot.Card]]

    init(_ pages: [[BoardSnapshot.Card]]) {
        self.pages = pages.reversed()
    }

    func next() -> [BoardSnapshot.Card] {
        pages.popLast() ?? []
    }
}
