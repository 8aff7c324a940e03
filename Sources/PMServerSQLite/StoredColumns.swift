import GRDB
import PMSQLite

/// What each of the server's queries selects, as `PMSQLite.SelectedColumn` lists: the SELECT is
/// written from the enum and every read names its column, at positional speed (pulls and
/// snapshots read thousands of rows at a time). One style for every read, as the device's store.
enum StoredColumns {
    /// A card's merged state.
    enum Card: Int, SelectedColumn {
        case id, state
        var sql: String { "project.\(self)" }
    }

    /// A card's merged state and the text a CalDAV client last wrote for it, if any.
    enum CalendarCard: Int, SelectedColumn {
        case id, state, text
        var sql: String { self == .text ? "calendar_text.text" : "project.\(self)" }
    }

    /// A CalDAV client's text for a card.
    enum CalendarText: Int, SelectedColumn {
        case card, text
        var sql: String { "calendar_text.\(self)" }
    }

    /// Where an operation stands in its board's log.
    enum OperationNumber: Int, SelectedColumn {
        case id, seq
        var sql: String { "operation.\(self)" }
    }

    /// An operation as a page of the log holds it.
    enum PagedOperation: Int, SelectedColumn {
        case seq, body, author
        var sql: String { "operation.\(self)" }
    }

    /// An access token as stored: only its hash.
    enum Token: Int, SelectedColumn {
        case rowid, prefix, hash, user
        var sql: String { "token.\(self)" }
    }

    /// An access token as `pm-server token list` shows it.
    enum TokenSummary: Int, SelectedColumn {
        case prefix, created, lastUsed
        var sql: String { "token.\(self)" }
    }

    /// A calendar feed key as stored: only its hash.
    enum FeedKey: Int, SelectedColumn {
        case rowid, prefix, hash, user, board
        var sql: String { "feed_key.\(self)" }
    }

    /// A browser session as stored.
    enum Session: Int, SelectedColumn {
        case user, expires
        var sql: String { "session.\(self)" }
    }
}
