import Synchronization

/// The per-subscription half of an operator: it receives upstream events, keeps the operator's state and
/// forwards to the downstream observer. `Producer` creates one per subscription.
class Sink<Observer: ObserverType>: Disposable, @unchecked Sendable {
    let observer: Observer
    let cancel: Cancelable
    private let disposed = Atomic<Bool>(false)

    init(observer: Observer, cancel: Cancelable) {
        #if TRACE_RESOURCES
        _ = Resources.incrementTotal()
        #endif
        self.observer = observer
        self.cancel = cancel
    }

    @inline(__always)
    final func forwardOn(_ event: Event<Observer.Element>) {
        if disposed.load(ordering: .relaxed) {
            return
        }
        self.observer.on(event)
    }

    /// Forwards a terminal event of a source of any element type (`.error` or `.completed`) and disposes the sink;
    /// a `.next` is ignored. The common end of every operator's `on(_:)`.
    @inline(__always)
    final func forwardStop<SourceElement>(_ event: Event<SourceElement>) {
        switch event {
        case .next:
            return
        case .error(let error):
            self.forwardOn(.error(error))
        case .completed:
            self.forwardOn(.completed)
        }
        self.dispose()
    }

    /// Forwards `error` and disposes the sink: how a sink ends when its own code (a transform, a predicate) throws.
    @inline(__always)
    final func forwardError(_ error: Swift.Error) {
        self.forwardOn(.error(error))
        self.dispose()
    }

    /// Forwards `element` and then `.completed`, and disposes the sink: how a sink ends with a last element.
    @inline(__always)
    final func forwardLast(_ element: Observer.Element) {
        self.forwardOn(.next(element))
        self.forwardOn(.completed)
        self.dispose()
    }

    final func forwarder() -> SinkForward<Observer> {
        SinkForward(forward: self)
    }

    final var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }

    func dispose() {
        disposed.store(true, ordering: .releasing)
        self.cancel.dispose()
    }

    deinit {
        #if TRACE_RESOURCES
        _ = Resources.decrementTotal()
        #endif
    }
}

/// Forwards events to a sink's observer, disposing the sink on a terminal event.
final class SinkForward<Observer: ObserverType>: ObserverType {
    typealias Element = Observer.Element

    private let forward: Sink<Observer>

    init(forward: Sink<Observer>) {
        self.forward = forward
    }

    final func on(_ event: Event<Element>) {
        switch event {
        case .next:
            self.forward.observer.on(event)
        case .error, .completed:
            self.forward.observer.on(event)
            self.forward.cancel.dispose()
        }
    }
}
