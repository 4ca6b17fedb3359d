import RxCore

/// Observer that records events together with virtual time when they were received.
public final class TestableObserver<Element>: ObserverType, @unchecked Sendable {
    private let scheduler: TestScheduler
    private let lock = NSLockBox()
    private var recorded = [Recorded<Event<Element>>]()

    /// Recorded events.
    public var events: [Recorded<Event<Element>>] {
        lock.withLock { self.recorded }
    }

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    /// Notify observer about sequence event.
    ///
    /// - parameter event: Event that occurred.
    public func on(_ event: Event<Element>) {
        let time = scheduler.clock
        lock.withLock { self.recorded.append(Recorded(time: time, value: event)) }
    }
}
