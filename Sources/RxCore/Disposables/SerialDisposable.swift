import Synchronization

/// Represents a disposable resource whose underlying disposable resource can be replaced by another disposable
/// resource, causing automatic disposal of the previous underlying disposable resource.
public final class SerialDisposable: DisposeBase, Cancelable, @unchecked Sendable {
    private struct State {
        var current: Disposable?
        var isDisposed = false
    }

    private let state = Mutex(State())

    /// Initializes a new instance of the `SerialDisposable`.
    public override init() {
        super.init()
    }

    /// - returns: Was resource disposed.
    public var isDisposed: Bool { state.withLock { $0.isDisposed } }

    /// Gets or sets the underlying disposable.
    ///
    /// Assigning this property disposes the previous disposable object.
    ///
    /// If the `SerialDisposable` has already been disposed, assignment to this property causes immediate disposal
    /// of the given disposable object.
    public var disposable: Disposable {
        get {
            state.withLock { $0.current ?? Disposables.create() }
        }
        set(newDisposable) {
            let toDispose = state.withLock { state -> Disposable? in
                if state.isDisposed { return newDisposable }
                let old = state.current
                state.current = newDisposable
                return old
            }
            toDispose?.dispose()
        }
    }

    /// Disposes the underlying disposable as well as all future replacements.
    public func dispose() {
        let toDispose = state.withLock { state -> Disposable? in
            if state.isDisposed { return nil }
            state.isDisposed = true
            let current = state.current
            state.current = nil
            return current
        }
        toDispose?.dispose()
    }
}
