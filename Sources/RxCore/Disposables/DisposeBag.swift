import Synchronization

extension Disposable {
    /// Adds `self` to `bag`
    ///
    /// - parameter bag: `DisposeBag` to add `self` to.
    public func disposed(by bag: DisposeBag) {
        bag.insert(self)
    }
}

/// Thread safe bag that disposes added disposables on `deinit`.
///
/// This returns ARC (RAII) like resource management to `RxCore`.
///
/// In case contained disposables need to be disposed, just put a different dispose bag or create a new one in
/// its place.
///
///     self.existingDisposeBag = DisposeBag()
public final class DisposeBag: DisposeBase, @unchecked Sendable {
    private struct State {
        var disposables: [Disposable] = []
        var isDisposed = false
    }

    private let state = Mutex(State())

    /// Constructs new empty dispose bag.
    public override init() {
        super.init()
    }

    /// Adds `disposable` to be disposed when dispose bag is being deinited.
    ///
    /// - parameter disposable: Disposable to add.
    public func insert(_ disposable: Disposable) {
        let disposeNow = state.withLock { state -> Bool in
            if state.isDisposed { return true }
            state.disposables.append(disposable)
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    private func dispose() {
        let disposables = state.withLock { state -> [Disposable] in
            let disposables = state.disposables
            state.disposables.removeAll(keepingCapacity: false)
            state.isDisposed = true
            return disposables
        }
        for disposable in disposables {
            disposable.dispose()
        }
    }

    deinit {
        self.dispose()
    }
}

extension DisposeBag {
    /// Convenience init allows a list of disposables to be gathered for disposal.
    public convenience init(disposing disposables: Disposable...) {
        self.init()
        for disposable in disposables { insert(disposable) }
    }

    /// Convenience init allows an array of disposables to be gathered for disposal.
    public convenience init(disposing disposables: [Disposable]) {
        self.init()
        for disposable in disposables { insert(disposable) }
    }

    /// Convenience function allows a list of disposables to be gathered for disposal.
    public func insert(_ disposables: Disposable...) {
        for disposable in disposables { insert(disposable) }
    }

    /// Convenience function allows an array of disposables to be gathered for disposal.
    public func insert(_ disposables: [Disposable]) {
        for disposable in disposables { insert(disposable) }
    }
}
