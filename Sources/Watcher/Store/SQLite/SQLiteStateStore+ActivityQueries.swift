import Foundation
import GRDB

extension SQLiteStateStore: ActivityQueries {
    /// Walks the events newest first (the `seq` primary key, no extra index) and stops at the first one older than
    /// the window, so the cost follows the events in the window, not the whole history. Events are recorded in
    /// `seq` order with the watcher's clock, so `createdAt` falls as `seq` falls.
    func eventCounts(until: Date, width: TimeInterval, buckets: Int) async throws -> [Int] {
        guard buckets > 0, width > 0 else { return [] }
        let end = until.storeMillis
        let widthMillis = Int64((width * 1000).rounded())
        let start = end - widthMillis * Int64(buckets)
        return try await read { db in
            var counts = Array(repeating: 0, count: buckets)
            let cursor = try Int64.fetchCursor(db, sql: "SELECT createdAt FROM event ORDER BY seq DESC")
            while let createdAt = try cursor.next() {
                if createdAt < start { break }
                if createdAt >= end { continue }
                counts[Int((createdAt - start) / widthMillis)] += 1
            }
            return counts
        }
    }
}
