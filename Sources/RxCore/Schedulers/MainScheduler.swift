import Dispatch
import Foundation

/// Abstracts work that needs to be performed on `DispatchQueue.main`. In case `schedule` methods are called from
/// `DispatchQueue.main`, it will perform action immediately without scheduling.
///
/// On Linux the main queue runs while the main thread services it (`dispatchMain()`, a run loop, or Swift
/// concurrency's main executor in an `async` `main`).
public final class MainScheduler: SerialDispatchQueueScheduler, @unchecked Sendable {
    private let mainQueue: DispatchQueue

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
        if Thread.isMainThread {
            return action(state)
        }
        return self.configuration.schedule(state, action: action)
    }
}
