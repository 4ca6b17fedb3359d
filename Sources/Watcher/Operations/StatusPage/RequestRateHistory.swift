import Foundation
import Synchronization

/// GitLab requests per minute over the last 24 hours, in memory, for the status page's chart: one counter per
/// minute in a ring of 1,440, so recording is O(1) and the memory fixed. It starts empty with the process (the
/// Prometheus counters hold the long view).
final class RequestRateHistory: Sendable {
    /// How many minutes are kept.
    static let minutes = 1440

    private let ring = Mutex<(minute: [Int64], count: [Int])>(
        (Array(repeating: -1, count: RequestRateHistory.minutes), Array(repeating: 0, count: RequestRateHistory.minutes))
    )

    /// Creates an empty history.
    init() {}

    /// Counts one request made at `date`.
    func record(at date: Date) {
        let minute = Self.minute(of: date)
        let slot = Int(minute % Int64(Self.minutes))
        ring.withLock { ring in
            if ring.minute[slot] != minute {
                ring.minute[slot] = minute
                ring.count[slot] = 0
            }
            ring.count[slot] += 1
        }
    }

    /// Requests in each of the `minutes` whole minutes up to and including `until`'s minute, oldest first.
    func perMinute(until: Date, minutes: Int = RequestRateHistory.minutes) -> [Int] {
        let last = Self.minute(of: until)
        let span = min(max(0, minutes), Self.minutes)
        return ring.withLock { ring in
            (0..<span).map { offset in
                let minute = last - Int64(span - 1 - offset)
                let slot = Int(((minute % Int64(Self.minutes)) + Int64(Self.minutes)) % Int64(Self.minutes))
                return ring.minute[slot] == minute ? ring.count[slot] : 0
            }
        }
    }

    private static func minute(of date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 / 60).rounded(.down))
    }
}
