import Foundation

/// Read-only counts over time for the status page's charts, cheap however long the history is.
protocol ActivityQueries: Sendable {
    /// How many events were recorded in each of `buckets` consecutive intervals of `width` seconds ending at
    /// `until` (index 0 is the oldest interval); events outside them are not counted.
    func eventCounts(until: Date, width: TimeInterval, buckets: Int) async throws -> [Int]
}
