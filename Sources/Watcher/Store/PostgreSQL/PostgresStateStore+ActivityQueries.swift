import Foundation
import PostgresNIO

extension PostgresStateStore: ActivityQueries {
    /// Counts the window's events per bucket in the database, through the `event_byCreatedAt` index, so the cost
    /// follows the events in the window, not the whole history.
    func eventCounts(until: Date, width: TimeInterval, buckets: Int) async throws -> [Int] {
        guard buckets > 0, width > 0 else { return [] }
        let end = until.storeMillis
        let widthMillis = Int64((width * 1000).rounded())
        let start = end - widthMillis * Int64(buckets)
        let logger = self.logger
        return try await read { connection in
            var counts = Array(repeating: 0, count: buckets)
            for row in try await connection.rows(
                """
                SELECT (createdAt - \(start)) / \(widthMillis), COUNT(*) FROM event
                WHERE createdAt >= \(start) AND createdAt < \(end) GROUP BY 1
                """,
                logger: logger
            ) {
                let (bucket, count) = try row.decode((Int64, Int).self)
                counts[Int(bucket)] += count
            }
            return counts
        }
    }
}
