import Dispatch
import Foundation
import Synchronization

/// Abstracts work that needs to be performed on `DispatchQueue.main`. In case `schedule` methods are called from
/// `DispatchQueue.main`, it will perform action immediately without scheduling.
///
/// On Linux the main queue runs while the main thread services it (`dispatchMain()`, a run loop, or Swift
/// concurrency's main executor in an `async` `main`).
public final class MainScheduler: SerialDispatchQueueScheduler, @unchecked Sendable {
    private let mainQueue: DispatchQueue
    /// Work items scheduled and not yet finished (decides whether running synchronously keeps the order).
    private let numberEnqueued = Atomic<Int>(0)

    /// Initializes new instance of `MainScheduler`.
    public init() {
        self.mainQueue = DispatchQueue.main
        super.init(serialQueue: self.mainQueue)
    }

    /// Singleton instance of `MainScheduler`
    public static let instance = MainScheduler()

    /// Singleton instance of `MainScheduler` that always schedules work asynchronously and doesn't perform
    /// optimizations for calls scheduled from main queue.
    public static let asyncInstance = SerialDispatchQueueScheduler(serialQueue: DispatchQueue.main)

    /// In debug mode, if not executing on main thread, a fatal error is raised.
    public static func ensureExecutingOnScheduler(errorMessage: String? = nil) {
        if !Thread.isMainThread {
            rxFatalError(errorMessage ?? "Executing on background thread. Please use `MainScheduler.instance.schedule` to schedule work on main thread.")
        }
    }

    /// In debug mode, if not executing on main thread, a fatal error is raised.
    public static func ensureRunningOnMainThread(errorMessage: String? = nil) {
        #if DEBUG
        ensureExecutingOnScheduler(errorMessage: errorMessage)
        #endif
    }

    override func scheduleInternal<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable)
        -> Disposable
    {
        // As in RxSwift, run at once only when on the main thread *and* nothing is queued: otherwise work scheduled
        // on the main thread would overtake work queued earlier from another thread (reordering `observe(on:)`).
        let previouslyEnqueued = numberEnqueued.add(1, ordering: .acquiringAndReleasing).oldValue
        if Thread.isMainThread && previouslyEnqueued == 0 {
            let disposable = action(state)
            numberEnqueued.subtract(1, ordering: .acquiringAndReleasing)
            return disposable
        }
        let work = UncheckedSendable((state, action))
        let cancel = SingleAssignmentDisposable()
        mainQueue.async {
            if !cancel.isDisposed {
                cancel.setDisposable(work.value.1(work.value.0))
            }
            self.numberEnqueued.subtract(1, ordering: .acquiringAndReleasing)
        }
        return cancel
    }
}
