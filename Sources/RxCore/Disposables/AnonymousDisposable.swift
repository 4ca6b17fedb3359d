import Synchronization

/// Represents an action-based disposable; the action runs at most once, on the first `dispose()`.
final class AnonymousDisposable: DisposeBase, Cancelable, @unchecked Sendable {
    typealias DisposeAction = () -> Void

    private let disposed = Atomic<Bool>(false)
    private let lock = Mutex<Void>(())
    private var disposeAction: DisposeAction?

    var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    init(disposeAction: @escaping DisposeAction) {
        self.disposeAction = disposeAction
        super.init()
    }

    func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let action = lock.withLock { _ -> DisposeAction? in
            let action = disposeAction
            disposeAction = nil
            return action
        }
        action?()
    }
}
