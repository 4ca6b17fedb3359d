import Foundation

/// Base class for virtual time schedulers using a priority queue for scheduled items.
///
/// Nothing runs until the clock is advanced (`start()`, `advanceTo(_:)`), so code built on `SchedulerType` can be
/// tested in virtual time without sleeping. Items due at the same virtual time run in the order they were
/// scheduled. The queue is guarded by a lock, so work may be scheduled from other threads; the clock itself is
/// advanced by one thread at a time.
open class VirtualTimeScheduler<Converter: VirtualTimeConverterType>: SchedulerType, CustomDebugStringConvertible,
    @unchecked Sendable
{
    /// Virtual time unit used that represents ticks of virtual clock.
    public typealias VirtualTime = Converter.VirtualTimeUnit
    /// Virtual time unit used to represent differences of virtual times.
    public typealias VirtualTimeInterval = Converter.VirtualTimeIntervalUnit

    private let lock = RecursiveLock()
    private var running: Bool
    private var currentClock: VirtualTime
    private var schedulerQueue: PriorityQueue<VirtualSchedulerItem<VirtualTime>>
    private var converter: Converter
    private var nextId = 0

    /// - returns: Current time.
    public var now: RxTime {
        lock.performLocked { self.converter.convertFromVirtualTime(self.currentClock) }
    }

    /// - returns: Scheduler's absolute time clock value.
    public var clock: VirtualTime {
        lock.performLocked { self.currentClock }
    }

    /// Creates a new virtual time scheduler.
    ///
    /// - parameter initialClock: Initial value for the clock.
    public init(initialClock: VirtualTime, converter: Converter) {
        self.currentClock = initialClock
        self.running = false
        self.converter = converter
        self.schedulerQueue = PriorityQueue(hasHigherPriority: {
            switch converter.compareVirtualTime($0.time, $1.time) {
            case .lessThan: return true
            case .equal: return $0.id < $1.id
            case .greaterThan: return false
            }
        })
    }

    /// Schedules an action to be executed immediately.
    ///
    /// - parameter state: State passed to the action to be executed.
    /// - parameter action: Action to be executed.
    /// - returns: The disposable object used to cancel the scheduled action (best effort).
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        self.scheduleRelative(state, dueTime: .microseconds(0), action: action)
    }

    /// Schedules an action to be executed.
    ///
    /// - parameter state: State passed to the action to be executed.
    /// - parameter dueTime: Relative time after which to execute the action.
    /// - parameter action: Action to be executed.
    /// - returns: The disposable object used to cancel the scheduled action (best effort).
    public func scheduleRelative<StateType>(
        _ state: StateType,
        dueTime: RxTimeInterval,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let time = self.now.addingTimeInterval(dueTime.convertToSecondsInterval)
        let absoluteTime = self.converter.convertToVirtualTime(time)
        let adjustedTime = self.adjustScheduledTime(absoluteTime)
        return self.scheduleAbsoluteVirtual(state, time: adjustedTime, action: action)
    }

    /// Schedules an action to be executed after relative time has passed.
    ///
    /// - parameter state: State passed to the action to be executed.
    /// - parameter dueTime: Relative virtual time after which to execute the action.
    /// - parameter action: Action to be executed.
    /// - returns: The disposable object used to cancel the scheduled action (best effort).
    public func scheduleRelativeVirtual<StateType>(
        _ state: StateType,
        dueTime: VirtualTimeInterval,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let time = lock.performLocked { self.converter.offsetVirtualTime(self.currentClock, offset: dueTime) }
        return self.scheduleAbsoluteVirtual(state, time: time, action: action)
    }

    /// Schedules an action to be executed at absolute virtual time.
    ///
    /// - parameter state: State passed to the action to be executed.
    /// - parameter time: Absolute time when to execute the action.
    /// - parameter action: Action to be executed.
    /// - returns: The disposable object used to cancel the scheduled action (best effort).
    public func scheduleAbsoluteVirtual<StateType>(
        _ state: StateType,
        time: VirtualTime,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        lock.performLocked {
            let compositeDisposable = CompositeDisposable()
            let item = VirtualSchedulerItem(
                action: {
                    action(state)
                },
                time: time,
                id: self.nextId
            )
            self.nextId += 1
            self.schedulerQueue.enqueue(item)
            _ = compositeDisposable.insert(item)
            return compositeDisposable
        }
    }

    /// Adjusts time of scheduling before adding item to schedule queue.
    open func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime {
        time
    }

    /// Starts the virtual time scheduler: runs every scheduled item, advancing the clock, until none is left or
    /// `stop()` is called.
    public func start() {
        let alreadyRunning = lock.performLocked { () -> Bool in
            if self.running { return true }
            self.running = true
            return false
        }
        if alreadyRunning { return }
        while let next = self.takeNext(notAfter: nil) {
            next.invoke()
            if !lock.performLocked({ self.running }) { break }
        }
        lock.performLocked { self.running = false }
    }

    /// Advances the scheduler's clock to the specified time, running all work till that point.
    ///
    /// - parameter virtualTime: Absolute time to advance the scheduler's clock to.
    public func advanceTo(_ virtualTime: VirtualTime) {
        lock.performLocked {
            if self.running {
                rxFatalError("Scheduler is already running")
            }
            self.running = true
        }
        while let next = self.takeNext(notAfter: virtualTime) {
            next.invoke()
            if !lock.performLocked({ self.running }) { break }
        }
        lock.performLocked {
            if self.converter.compareVirtualTime(self.currentClock, virtualTime).lessThen {
                self.currentClock = virtualTime
            }
            self.running = false
        }
    }

    /// Advances the scheduler's clock by the specified relative time.
    public func sleep(_ virtualInterval: VirtualTimeInterval) {
        lock.performLocked {
            let sleepTo = self.converter.offsetVirtualTime(self.currentClock, offset: virtualInterval)
            if self.converter.compareVirtualTime(sleepTo, self.currentClock).lessThen {
                rxFatalError("Can't sleep to past.")
            }
            self.currentClock = sleepTo
        }
    }

    /// Stops the virtual time scheduler.
    public func stop() {
        lock.performLocked { self.running = false }
    }

    /// Removes and returns the next due item (not after `limit`), advancing the clock to its time.
    private func takeNext(notAfter limit: VirtualTime?) -> VirtualSchedulerItem<VirtualTime>? {
        lock.performLocked {
            while let front = self.schedulerQueue.peek() {
                if front.isDisposed {
                    self.schedulerQueue.remove(front)
                    continue
                }
                if let limit, self.converter.compareVirtualTime(front.time, limit).greaterThan {
                    return nil
                }
                if self.converter.compareVirtualTime(front.time, self.currentClock).greaterThan {
                    self.currentClock = front.time
                }
                self.schedulerQueue.remove(front)
                return front
            }
            return nil
        }
    }

    /// A textual representation of `self`, suitable for debugging.
    public var debugDescription: String {
        lock.performLocked { "VirtualTimeScheduler(clock: \(self.currentClock), pending: \(self.schedulerQueue.count))" }
    }
}

final class VirtualSchedulerItem<Time>: Disposable, @unchecked Sendable {
    typealias Action = () -> Disposable

    let action: Action
    let time: Time
    let id: Int

    private let disposable = SingleAssignmentDisposable()

    var isDisposed: Bool { disposable.isDisposed }

    init(action: @escaping Action, time: Time, id: Int) {
        self.action = action
        self.time = time
        self.id = id
    }

    func invoke() {
        self.disposable.setDisposable(self.action())
    }

    func dispose() {
        self.disposable.dispose()
    }
}
