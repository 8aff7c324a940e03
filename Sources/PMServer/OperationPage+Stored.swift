import Foundation
import PMDomain
public import PMSyncProtocol

extension OperationPage {
    /// A page from stored rows (each operation kept as its JSON), as every backend stores them.
    public init(storedRows rows: [(seq: Int64, body: String)], after: Int64, head: Int64) throws {
        let decoder = JSONDecoder()
        let entries = try rows.map {
            OperationPage.Entry(
                seq: $0.seq, operation: try decoder.decode(ProjectOperation.self, from: Data($0.body.utf8)))
        }
        self.init(operations: entries, next: entries.last?.seq ?? max(after, 0), head: head)
    }
}
