import Synchronization

/// Represents a disposable resource that only disposes its underlying disposable resource when all dependent
/// disposable objects have been disposed.
///
/// `groupBy` and `window` use it so the source subscription lives as long as the outer subscription or any
/// group/window subscriber does.
public final class RefCountDisposable: DisposeBase, Cancelable, @unchecked Sendable {
    private struct State {
        var disposable: Disposable?
        var isPrimaryDisposed = false
        var count = 0
    }

    private let state: Mutex<State>

    /// - returns: Was resource disposed.
    public var isDisposed: Bool {
        state.withLock { $0.disposable == nil }
    }

    /// Initializes a new instance of the `RefCountDisposable`.
    public init(disposable: Disposable) {
        state = Mutex(State(disposable: disposable))
        super.init()
    }

    /// Holds a dependent disposable that when disposed decreases the refcount on the underlying disposable.
    ///
    /// When getter is called, a dependent disposable contributing to the reference count that manages the
    /// underlying disposable's lifetime is returned.
    public func retain() -> Disposable {
        let isAlive = state.withLock { state -> Bool in
            guard state.disposable != nil else { return false }
            state.count += 1
            return true
        }
        return isAlive ? RefCountInnerDisposable(parent: self) : Disposables.create()
    }

    /// Disposes the underlying disposable only when all dependent disposables have been disposed.
    public func dispose() {
        let toDispose = state.withLock { state -> Disposable? in
            guard let disposable = state.disposable, !state.isPrimaryDisposed else { return nil }
            state.isPrimaryDisposed = true
            guard state.count == 0 else { return nil }
            state.disposable = nil
            return disposable
        }
        toDispose?.dispose()
    }

    fileprivate func release() {
        let toDispose = state.withLock { state -> Disposable? in
            guard let disposable = state.disposable else { return nil }
            state.count -= 1
            if state.count < 0 {
                rxFatalError("RefCountDisposable counter is lower than 0")
            }
            guard state.isPrimaryDisposed, state.count == 0 else { return nil }
            state.disposable = nil
            return disposable
        }
        toDispose?.dispose()
    }
}

/// One dependent of a `RefCountDisposable`; releases its reference once.
private final class RefCountInnerDisposable: DisposeBase, Disposable, @unchecked Sendable {
    // @unchecked: `parent` is immutable and itself thread-safe; `disposed` is atomic.
    private let parent: RefCountDisposable
    private let disposed = Atomic<Bool>(false)

    init(parent: RefCountDisposable) {
        self.parent = parent
        super.init()
    }

    func dispose() {
        if !disposed.exchange(true, ordering: .acquiringAndReleasing) {
            parent.release()
        }
    }
}
