import Foundation
import RxCore

/// Virtual time used by `TestScheduler`: an integer tick count.
public typealias TestTime = Int

/// Virtual time scheduler used for testing applications and libraries built using RxCore, as RxTest's.
///
/// Conventions, matching RxTest:
/// - work scheduled for "now" (or the past) runs at `clock + 1` when `simulateProcessingDelay` is true (the
///   default), so an operator that reschedules never runs in the same tick it was called in;
/// - work scheduled for the same virtual time runs in the order it was scheduled;
/// - `start(create:)` creates the sequence at 100, subscribes at 200 and disposes at 1000.
public final class TestScheduler: VirtualTimeScheduler<TestSchedulerVirtualTimeConverter>, @unchecked Sendable {
    /// Default values of scheduler times.
    public struct Defaults {
        /// Default absolute time when to create tested observable sequence.
        public static let created = 100
        /// Default absolute time when to subscribe to tested observable sequence.
        public static let subscribed = 200
        /// Default absolute time when to dispose subscription to tested observable sequence.
        public static let disposed = 1000
    }

    private let simulateProcessingDelay: Bool

    /// Creates a new test scheduler.
    ///
    /// - parameter initialClock: Initial value for the clock.
    /// - parameter resolution: Real time [NSTimeInterval] = ticks * resolution
    /// - parameter simulateProcessingDelay: When true, if something is scheduled right `now`, it will be
    ///   scheduled to `now + 1` in virtual time.
    public init(initialClock: TestTime, resolution: Double = 1.0, simulateProcessingDelay: Bool = true) {
        self.simulateProcessingDelay = simulateProcessingDelay
        super.init(
            initialClock: initialClock,
            converter: TestSchedulerVirtualTimeConverter(resolution: resolution)
        )
    }

    /// Creates a hot observable using the specified timestamped events.
    public func createHotObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        HotObservable(testScheduler: self, recordedEvents: events)
    }

    /// Creates a cold observable using the specified timestamped events.
    public func createColdObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        ColdObservable(testScheduler: self, recordedEvents: events)
    }

    /// Creates an observer that records received events and timestamps those.
    ///
    /// - parameter type: Optional type hint of the observed sequence elements.
    /// - returns: Observer that can be used to assert the timing of events.
    public func createObserver<Element>(_ type: Element.Type) -> TestableObserver<Element> {
        TestableObserver(scheduler: self)
    }

    /// Schedules an action to be executed at the specified virtual time.
    ///
    /// - parameter time: Absolute virtual time at which to execute the action.
    public func scheduleAt(_ time: TestTime, action: @escaping () -> Void) {
        _ = self.scheduleAbsoluteVirtual((), time: time) { _ in
            action()
            return Disposables.create()
        }
    }

    /// Adjusts time of scheduling before adding item to schedule queue. If scheduled time is `<= clock`, then
    /// it is scheduled at `clock + 1`
    public override func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime {
        time <= self.clock ? self.clock + (self.simulateProcessingDelay ? 1 : 0) : time
    }

    /// Starts the test scheduler and uses the specified virtual times to invoke the factory function, subscribe to
    /// the resulting sequence, and dispose the subscription.
    ///
    /// - parameter created: Virtual time at which to invoke the factory to create an observable sequence.
    /// - parameter subscribed: Virtual time at which to subscribe to the created observable sequence.
    /// - parameter disposed: Virtual time at which to dispose the subscription.
    /// - parameter create: Factory method to create an observable convertible sequence.
    /// - returns: Observer with timestamped recordings of events that were received during the virtual time
    ///   window when the subscription to the source sequence was active.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        created: TestTime,
        subscribed: TestTime,
        disposed: TestTime,
        create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        var source: Observable<Element>?
        var subscription: Disposable?
        let observer = self.createObserver(Element.self)

        _ = self.scheduleAbsoluteVirtual((), time: created) { _ in
            source = create().asObservable()
            return Disposables.create()
        }
        _ = self.scheduleAbsoluteVirtual((), time: subscribed) { _ in
            subscription = source!.subscribe(observer)
            return Disposables.create()
        }
        _ = self.scheduleAbsoluteVirtual((), time: disposed) { _ in
            subscription!.dispose()
            return Disposables.create()
        }

        self.start()
        return observer
    }

    /// Starts the test scheduler and uses the specified virtual times to invoke the factory function, subscribe to
    /// the resulting sequence, and dispose the subscription.
    ///
    /// Observable sequence will be:
    /// * created at virtual time `Defaults.created`           -> 100
    /// * subscribed to at virtual time `Defaults.subscribed`  -> 200
    ///
    /// - parameter disposed: Virtual time at which to dispose the subscription.
    /// - parameter create: Factory method to create an observable convertible sequence.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        disposed: TestTime,
        create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        self.start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: disposed, create: create)
    }

    /// Starts the test scheduler and uses the specified virtual times to invoke the factory function, subscribe to
    /// the resulting sequence, and dispose the subscription.
    ///
    /// Observable sequence will be:
    /// * created at virtual time `Defaults.created`           -> 100
    /// * subscribed to at virtual time `Defaults.subscribed`  -> 200
    /// * subscription will be disposed at `Defaults.disposed` -> 1000
    ///
    /// - parameter create: Factory method to create an observable convertible sequence.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        _ create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        self.start(
            created: Defaults.created,
            subscribed: Defaults.subscribed,
            disposed: Defaults.disposed,
            create: create
        )
    }
}

/// Converter from virtual time and time interval measured in `Int`s to `Date` and `TimeInterval`.
public struct TestSchedulerVirtualTimeConverter: VirtualTimeConverterType, Sendable {
    /// Virtual time unit used that represents ticks of virtual clock.
    public typealias VirtualTimeUnit = Int

    /// Virtual time unit used to represent differences of virtual times.
    public typealias VirtualTimeIntervalUnit = Int

    private let resolution: Double

    init(resolution: Double) {
        self.resolution = resolution
    }

    /// Converts virtual time to real time.
    public func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime {
        Date(timeIntervalSince1970: TimeInterval(virtualTime) * self.resolution)
    }

    /// Converts real time to virtual time.
    public func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit {
        VirtualTimeIntervalUnit(time.timeIntervalSince1970 / self.resolution + 0.5)
    }

    /// Converts from virtual time interval to `NSTimeInterval`.
    public func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval {
        TimeInterval(virtualTimeInterval) * self.resolution
    }

    /// Converts from virtual time interval to `NSTimeInterval`.
    public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit {
        VirtualTimeIntervalUnit(timeInterval / self.resolution + 0.5)
    }

    /// Adds virtual time and virtual time interval.
    public func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit {
        time + offset
    }

    /// Compares virtual times.
    public func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison {
        if lhs < rhs {
            return .lessThan
        } else if lhs > rhs {
            return .greaterThan
        } else {
            return .equal
        }
    }
}
