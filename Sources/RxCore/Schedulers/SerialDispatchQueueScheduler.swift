import Dispatch
import Foundation

/// Abstracts the work that needs to be performed on a specific `dispatch_queue_t`. It will make sure that even if
/// a concurrent dispatch queue is passed, it's transformed into a serial one.
///
/// It is extremely important that this scheduler is serial, because certain operator perform optimizations that
/// rely on that property.
///
/// Because there is no way of detecting is passed dispatch queue serial or concurrent, for every queue that is
/// being passed, worst case (concurrent) will be assumed, and internal serial proxy dispatch queue will be
/// created.
///
/// This scheduler can also be used with internal serial queue alone.
public class SerialDispatchQueueScheduler: SchedulerType, @unchecked Sendable {
    /// The queue's notion of now.
    public var now: RxTime { Date() }

    let configuration: DispatchQueueConfiguration

    init(serialQueue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        self.configuration = DispatchQueueConfiguration(queue: serialQueue, leeway: leeway)
    }

    /// Constructs new `SerialDispatchQueueScheduler` with internal serial queue named `internalSerialQueueName`.
    ///
    /// - parameter internalSerialQueueName: Name of internal serial dispatch queue.
    /// - parameter serialQueueConfiguration: Additional configuration of internal serial dispatch queue.
    /// - parameter leeway: The amount of time, in nanoseconds, that the system will defer the timer.
    public convenience init(
        internalSerialQueueName: String,
        serialQueueConfiguration: ((DispatchQueue) -> Void)? = nil,
        leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        let queue = DispatchQueue(label: internalSerialQueueName, attributes: [])
        serialQueueConfiguration?(queue)
        self.init(serialQueue: queue, leeway: leeway)
    }

    /// Constructs new `SerialDispatchQueueScheduler` named `internalSerialQueueName` that wraps `queue`.
    ///
    /// - parameter queue: Possibly concurrent dispatch queue used to perform work.
    /// - parameter internalSerialQueueName: Name of internal serial dispatch queue proxy.
    /// - parameter leeway: The amount of time, in nanoseconds, that the system will defer the timer.
    public convenience init(
        queue: DispatchQueue,
        internalSerialQueueName: String,
        leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        let serialQueue = DispatchQueue(label: internalSerialQueueName, attributes: [], target: queue)
        self.init(serialQueue: serialQueue, leeway: leeway)
    }

    /// Constructs new `SerialDispatchQueueScheduler` that wraps one of the global concurrent dispatch queues.
    ///
    /// - parameter qos: Identifier for global dispatch queue with specified quality of service class.
    /// - parameter internalSerialQueueName: Custom name for internal serial dispatch queue proxy.
    /// - parameter leeway: The amount of time, in nanoseconds, that the system will defer the timer.
    public convenience init(
        qos: DispatchQoS,
        internalSerialQueueName: String = "rx.global_dispatch_queue.serial",
        leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        self.init(
            queue: DispatchQueue.global(qos: qos.qosClass),
            internalSerialQueueName: internalSerialQueueName,
            leeway: leeway
        )
    }

    /// Schedules an action to be executed immediately.
    public final func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable)
        -> Disposable
    {
        self.scheduleInternal(state, action: action)
    }

    func scheduleInternal<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        self.configuration.schedule(state, action: action)
    }

    /// Schedules an action to be executed after `dueTime`.
    public final func scheduleRelative<StateType>(
        _ state: StateType,
        dueTime: RxTimeInterval,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        self.configuration.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Schedules a periodic piece of work.
    public func schedulePeriodic<StateType>(
        _ state: StateType,
        startAfter: RxTimeInterval,
        period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        self.configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
