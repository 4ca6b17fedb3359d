import Dispatch
import Foundation

/// Type that represents time interval in the context of RxCore (as in RxSwift).
public typealias RxTimeInterval = DispatchTimeInterval

/// Type that represents absolute time in the context of RxCore.
public typealias RxTime = Date

/// Represents an object that immediately schedules units of work.
///
/// Schedulers are `Sendable`: work may be scheduled onto them from any thread.
public protocol ImmediateSchedulerType: Sendable {
    /// Schedules an action to be executed immediately.
    ///
    /// - parameter state: State passed to the action to be executed.
    /// - parameter action: Action to be executed.
    /// - returns: The disposable object used to cancel the scheduled action (best effort).
    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable
}

/// Represents an object that schedules units of work.
public protocol SchedulerType: ImmediateSchedulerType {
    /// - returns: Current time.
    var now: RxTime { get }

    /// Schedules an action to be executed.
    ///
    /// - parameter state: State passed to the action to be executed.
    /// - parameter dueTime: Relative time after which to execute the action.
    /// - parameter action: Action to be executed.
    /// - returns: The disposable object used to cancel the scheduled action (best effort).
    func scheduleRelative<StateType>(
        _ state: StateType,
        dueTime: RxTimeInterval,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable

    /// Schedules a periodic piece of work.
    ///
    /// - parameter state: State passed to the action to be executed.
    /// - parameter startAfter: Period after which initial work should be run.
    /// - parameter period: Period for running the work periodically.
    /// - parameter action: Action to be executed.
    /// - returns: The disposable object used to cancel the scheduled action (best effort).
    func schedulePeriodic<StateType>(
        _ state: StateType,
        startAfter: RxTimeInterval,
        period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable
}

extension SchedulerType {
    /// Periodic scheduling built from recursive relative scheduling; schedulers with a native timer override it.
    public func schedulePeriodic<StateType>(
        _ state: StateType,
        startAfter: RxTimeInterval,
        period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        let schedule = SchedulePeriodicRecursive(
            scheduler: self,
            startAfter: startAfter,
            period: period,
            action: action,
            state: state
        )
        return schedule.start()
    }

    /// Schedules an action to be executed recursively after a relative due time.
    ///
    /// - parameter state: State passed to the action to be executed.
    /// - parameter dueTime: Relative time after which to execute the recursive action.
    /// - parameter action: Action to execute recursively. The last parameter passed to the action is used to
    ///   trigger recursive scheduling of the action, passing in recursive invocation state and the due time.
    /// - returns: The disposable object used to cancel the scheduled action (best effort).
    public func scheduleRecursive<State>(
        _ state: State,
        dueTime: RxTimeInterval,
        action: @escaping (State, AnyRecursiveScheduler<State>) -> Void
    ) -> Disposable {
        let scheduler = AnyRecursiveScheduler(scheduler: self, action: action)
        scheduler.schedule(state, dueTime: dueTime)
        return Disposables.create(with: scheduler.dispose)
    }
}

extension ImmediateSchedulerType {
    /// Schedules an action to be executed recursively.
    ///
    /// - parameter state: State passed to the action to be executed.
    /// - parameter action: Action to execute recursively. The last parameter passed to the action is used to
    ///   trigger recursive scheduling of the action, passing in recursive invocation state.
    /// - returns: The disposable object used to cancel the scheduled action (best effort).
    public func scheduleRecursive<State>(
        _ state: State,
        action: @escaping (_ state: State, _ recurse: (State) -> Void) -> Void
    ) -> Disposable {
        let recursiveScheduler = RecursiveImmediateScheduler(action: action, scheduler: self)
        recursiveScheduler.schedule(state)
        return Disposables.create(with: recursiveScheduler.dispose)
    }
}

extension DispatchTimeInterval {
    /// The interval in seconds.
    var convertToSecondsInterval: TimeInterval {
        switch self {
        case .nanoseconds(let value): TimeInterval(value) / 1_000_000_000.0
        case .microseconds(let value): TimeInterval(value) / 1_000_000.0
        case .milliseconds(let value): TimeInterval(value) / 1000.0
        case .seconds(let value): TimeInterval(value)
        case .never: 0
        @unknown default: 0
        }
    }

    /// The interval in nanoseconds, saturating.
    var nanosecondsValue: Int {
        switch self {
        case .nanoseconds(let value): value
        case .microseconds(let value): value.multipliedReportingOverflow(by: 1000).partialValue
        case .milliseconds(let value): value.multipliedReportingOverflow(by: 1_000_000).partialValue
        case .seconds(let value): value.multipliedReportingOverflow(by: 1_000_000_000).partialValue
        case .never: Int.max
        @unknown default: Int.max
        }
    }

    func reduceWithSpanBetween(earlierDate: Date, laterDate: Date) -> DispatchTimeInterval {
        let elapsed = laterDate.timeIntervalSince(earlierDate)
        return .nanoseconds(self.nanosecondsValue - Int(elapsed * 1_000_000_000))
    }
}
