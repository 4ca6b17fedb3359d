import Foundation

extension DispatchTimeInterval {
    /// What is left of this interval once the span from `earlierDate` to `laterDate` has passed, never below
    /// zero (RxSwift's `reduceWithSpanBetween`, clamped). Throttle, delay and friends use it to shorten a
    /// timer by the time already elapsed.
    func remaining(afterSpanFrom earlierDate: Date, to laterDate: Date) -> DispatchTimeInterval {
        if case .never = self { return .never }
        let elapsed = laterDate.timeIntervalSince(earlierDate)
        let remainder = convertToSecondsInterval - elapsed
        guard remainder > 0 else { return .nanoseconds(0) }
        return .nanoseconds(Int((remainder * 1_000_000_000).rounded()))
    }

    /// Whether a timer of this length would be due immediately (zero or negative; never for `.never`).
    var isNow: Bool {
        switch self {
        case .never: false
        default: nanosecondsValue <= 0
        }
    }
}
