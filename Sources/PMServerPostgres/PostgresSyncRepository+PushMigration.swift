import PostgresNIO

extension PostgresSyncRepository {
    /// The keys from `operations.board` and `projects.board` to `boards` go: they could never
    /// fail, and their checks ran where pushes to a board take turns. Every writer of those two
    /// tables is a push, and a push locks its board's row (``PostgresStatements/PushNew`` moves
    /// the head first, ``PostgresStatements/LockBoard`` locks it) before it writes a row, and
    /// writes none when the board is not there; boards are never deleted. The checks were a
    /// look-up of the board for each row written, about 1,400 for a push of 1,000 operations,
    /// each taking a share lock on the board's row that the push already holds.
    ///
    /// `pm_push_refused()` is how ``PostgresStatements/PushNew``, a statement committed on its
    /// own, undoes itself when the batch was not all new: it raises ``pushRefusedState``, and
    /// PostgreSQL rolls the statement back whole.
    static let pushWithoutBoardKeysMigration = Migration(
        name: "v7: pushes without board keys",
        statements: [
            "ALTER TABLE operations DROP CONSTRAINT IF EXISTS operations_board_fkey",
            "ALTER TABLE projects DROP CONSTRAINT IF EXISTS projects_board_fkey",
            """
            CREATE FUNCTION pm_push_refused() RETURNS void LANGUAGE plpgsql AS $$
            BEGIN
                RAISE EXCEPTION 'the push was not all new: an operation or a card is stored already'
                    USING ERRCODE = 'PM001';
            END
            $$
            """,
        ])

    /// The SQLSTATE `pm_push_refused()` raises.
    static let pushRefusedState = "PM001"
}
