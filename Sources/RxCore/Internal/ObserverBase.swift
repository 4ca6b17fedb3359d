import Synchronization

/// Base for observers that stop forwarding after the first terminal event.
class ObserverBase<Element>: Disposable, ObserverType, @unchecked Sendable {
    private let isStopped = Atomic<Bool>(false)

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            if !isStopped.load(ordering: .acquiring) {
                self.onCore(event)
            }
        case .error, .completed:
            if !isStopped.exchange(true, ordering: .acquiringAndReleasing) {
                self.onCore(event)
            }
        }
    }

    func onCore(_ event: Event<Element>) {
        rxAbstractMethod()
    }

    func dispose() {
        isStopped.store(true, ordering: .releasing)
    }
}
