public import GRDB

/// The columns one query selects, in order: a record's `enum Columns`. The SELECT list is
/// written from the cases, and each read names its case and finds it at the position the list
/// gave it: named like GRDB's `Column`s, as fast as `row[0]` (no lookup by name per row, which
/// `pm list` on a big board, or a pull of a thousand operations, would pay for every cell).
public protocol SelectedColumn: RawRepresentable<Int>, CaseIterable {
    /// The column as the SQL names it.
    var sql: String { get }
}

extension SelectedColumn {
    /// Every column, in order, for a SELECT.
    public static var selection: String { allCases.map(\.sql).joined(separator: ", ") }
}

extension Row {
    /// The value of `column` in a row selected with its `selection`.
    @inlinable
    public subscript<Value: DatabaseValueConvertible & StatementColumnConvertible>(_ column: some SelectedColumn)
        -> Value
    {
        self[column.rawValue]
    }
}
