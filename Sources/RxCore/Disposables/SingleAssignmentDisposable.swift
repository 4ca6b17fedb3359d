import Synchronization

/// Represents a disposable resource which only allows a single assignment of its underlying disposable resource.
///
/// If an underlying disposable resource has already been set, future attempts to set the underlying disposable
/// resource will throw an exception.
public final class SingleAssignmentDisposable: DisposeBase, Cancelable, @unchecked Sendable {
    private struct State {
        var disposable: Disposable?
        var isAssigned = false
        var isDisposed = false
    }

    private let state = Mutex(State())

    /// - returns: A value that indicates whether the object is disposed.
    public var isDisposed: Bool { state.withLock { $0.isDisposed } }

    /// Initializes a new instance of the `SingleAssignmentDisposable`.
    public override init() {
        super.init()
    }

    /// Gets or sets the underlying disposable. After disposal, the result of getting this property is undefined.
    ///
    /// **Throws exception if the `SingleAssignmentDisposable` has already been assigned to.**
    public func setDisposable(_ disposable: Disposable) {
        let disposeNow = state.withLock { state -> Bool in
            if state.isAssigned {
                rxFatalError("oldState.disposable != nil")
            }
            state.isAssigned = true
            if state.isDisposed { return true }
            state.disposable = disposable
            return false
        }
        if disposeNow {
            disposable.dispose()
        }
    }

    /// Disposes the underlying disposable.
    public func dispose() {
        let disposable = state.withLock { state -> Disposable? in
            if state.isDisposed { return nil }
            state.isDisposed = true
            let disposable = state.disposable
            state.disposable = nil
            return disposable
        }
        disposable?.dispose()
    }
}
