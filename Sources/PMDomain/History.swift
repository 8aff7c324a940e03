public import Foundation

/// Derives history from operations.
public enum History {
    /// The entries for a set of operations on any projects, newest first, each with its
    /// operation's author from `authors` (by operation id) when there is one.
    ///
    /// Each project's operations are replayed in clock order, so an entry's "before" values are
    /// those of the operation just earlier by the clock, however the operations arrived.
    public static func entries(
        for operations: some Sequence<ProjectOperation>, authors: [UUID: String] = [:]
    ) -> [HistoryEntry] {
        var byProject: [UUID: [ProjectOperation]] = [:]
        for operation in operations {
            byProject[operation.projectID, default: []].append(operation)
        }
        var entries: [HistoryEntry] = []
        for (id, projectOperations) in byProject {
            var state = ProjectState(id: id)
            for operation in projectOperations.sorted(by: { $0.timestamp < $1.timestamp }) {
                if var entry = HistoryEntry(operation: operation, before: state) {
                    entry.author = authors[operation.id]
                    entries.append(entry)
                }
                state.apply(operation)
            }
        }
        return entries.sorted { $0.timestamp > $1.timestamp }
    }
}
