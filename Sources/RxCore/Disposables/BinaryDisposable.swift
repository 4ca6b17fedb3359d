import Synchronization

/// Represents two disposable resources that are disposed together.
final class BinaryDisposable: DisposeBase, Cancelable, @unchecked Sendable {
    private let disposed = Atomic<Bool>(false)
    private let pair: Mutex<(Disposable?, Disposable?)>

    var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    init(_ disposable1: Disposable, _ disposable2: Disposable) {
        pair = Mutex((disposable1, disposable2))
        super.init()
    }

    func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let (first, second) = pair.withLock { value in
            let taken = value
            value = (nil, nil)
            return taken
        }
        first?.dispose()
        second?.dispose()
    }
}
