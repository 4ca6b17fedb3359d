import Foundation
import Metrics

extension Metrics.Timer {
    /// Records a duration measured in seconds (`Date` arithmetic), rounded to the nearest nanosecond; a negative one
    /// (the wall clock stepped back) as zero.
    ///
    /// The one conversion every glwatch timer uses (poll and request durations, the hook-to-poll delay); swift-metrics'
    /// own `recordSeconds(_:)` truncates instead, and passes a negative duration on.
    func record(seconds duration: TimeInterval) {
        recordNanoseconds(Int64((max(0, duration) * 1e9).rounded()))
    }
}
