#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Represents an object that schedules units of work on the current thread.
///
/// This is the default scheduler for operators that generate elements (`of`, `from`, `range`, …).
///
/// This scheduler is also sometimes called a `trampoline scheduler`: work scheduled while another unit of work is
/// running on the same thread is queued and runs after it, instead of recursing, so long synchronous chains do
/// not overflow the stack. Its ordering matches RxSwift's.
public final class CurrentThreadScheduler: ImmediateSchedulerType {
    /// The singleton instance of the current thread scheduler.
    public static let instance = CurrentThreadScheduler()

    /// Gets a value that indicates whether the caller must call a `schedule` method.
    public static var isScheduleRequired: Bool {
        ThreadState.current?.isScheduling != true
    }

    /// Whether units of work are queued on this thread's trampoline behind the one running now.
    ///
    /// Generators (`of`, `from`, `range`, …) check it to emit their next element inline when nothing else is
    /// waiting, which is indistinguishable from queueing that element as a unit of work of its own.
    static var hasQueuedWork: Bool {
        guard let state = ThreadState.current else { return false }
        return !state.queue.isEmpty
    }

    private init() {}

    /// Schedules an action to be executed as soon as possible on current thread.
    ///
    /// If this method is called on some thread that doesn't have `CurrentThreadScheduler` installed, scheduler
    /// will be automatically installed and uninstalled after all work is performed.
    ///
    /// - parameter state: State passed to the action to be executed.
    /// - parameter action: Action to be executed.
    /// - returns: The disposable object used to cancel the scheduled action (best effort).
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let threadState = ThreadState.currentOrCreate()
        if !threadState.isScheduling {
            return Self.runInstalled(on: threadState) { action(state) }
        }

        let scheduledItem = ScheduledItem(action: action, state: state)
        threadState.queue.enqueue(scheduledItem)
        return scheduledItem
    }

    /// Runs `action` at once with the trampoline installed on this thread, then the work queued meanwhile: what
    /// `schedule` does when no trampoline is running, minus its escaping closure. `Producer.subscribe` calls it
    /// for every outermost subscription. Only call it when `isScheduleRequired` is true.
    static func runInstalled<Result>(_ action: () -> Result) -> Result {
        runInstalled(on: ThreadState.currentOrCreate(), action)
    }

    private static func runInstalled<Result>(on threadState: ThreadState, _ action: () -> Result) -> Result {
        threadState.isScheduling = true
        let result = action()
        defer {
            threadState.isScheduling = false
            threadState.queue.removeAll()
        }
        // Each unit of work is released as soon as it is taken, so a long drain (a large synchronous `flatMap`,
        // say) does not keep every finished unit, and all it captured, alive until the end.
        while let latest = threadState.queue.dequeue() {
            if latest.isDisposed {
                continue
            }
            latest.invoke()
        }
        return result
    }
}

/// Per-thread trampoline state, stored in a pthread key and released when the thread exits.
private final class ThreadState {
    var isScheduling = false
    var queue = Queue<ScheduledItemType>()

    static let key: pthread_key_t = {
        var key = pthread_key_t()
        let result = pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
            Unmanaged<ThreadState>.fromOpaque(pointer).release()
            #else
            if let pointer { Unmanaged<ThreadState>.fromOpaque(pointer).release() }
            #endif
        }
        precondition(result == 0, "pthread_key_create failed")
        return key
    }()

    @inline(__always)
    static var current: ThreadState? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        return Unmanaged<ThreadState>.fromOpaque(pointer).takeUnretainedValue()
    }

    static func currentOrCreate() -> ThreadState {
        if let state = current { return state }
        let state = ThreadState()
        pthread_setspecific(key, Unmanaged.passRetained(state).toOpaque())
        return state
    }
}
