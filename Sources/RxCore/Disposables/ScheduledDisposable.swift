import Synchronization

/// Represents a disposable resource whose disposal invocation will be scheduled on the specified scheduler.
///
/// `subscribe(on:)` uses it so that unsubscribing from the source also happens on the scheduler.
public final class ScheduledDisposable: Cancelable, @unchecked Sendable {
    // @unchecked: `disposable` is only read and cleared under `lock`; `scheduler` is immutable.
    /// The scheduler the disposal runs on.
    public let scheduler: ImmediateSchedulerType

    private let disposed = Atomic<Bool>(false)
    private let lock = Mutex<Void>(())
    private var disposable: Disposable?

    /// - returns: Was resource disposed.
    public var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }

    /// Initializes a new instance of the `ScheduledDisposable` that uses a `scheduler` on which to dispose the
    /// `disposable`.
    ///
    /// - parameter scheduler: Scheduler where the disposable resource will be disposed on.
    /// - parameter disposable: Disposable resource to dispose on the given scheduler.
    public init(scheduler: ImmediateSchedulerType, disposable: Disposable) {
        self.scheduler = scheduler
        self.disposable = disposable
    }

    /// Disposes the wrapped disposable on the provided scheduler.
    public func dispose() {
        _ = scheduler.schedule(self) { scheduledDisposable in
            scheduledDisposable.disposeInner()
            return Disposables.create()
        }
    }

    private func disposeInner() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let disposable = lock.withLock { _ -> Disposable? in
            let disposable = self.disposable
            self.disposable = nil
            return disposable
        }
        disposable?.dispose()
    }
}
