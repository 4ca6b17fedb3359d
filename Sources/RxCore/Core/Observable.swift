/// A type-erased `ObservableType`.
///
/// It represents a push style sequence.
///
/// `Observable` is `@unchecked Sendable`: an observable is an immutable recipe for producing events; every
/// subscription's mutable state lives in its own sink, which synchronizes itself. Share observables between
/// threads and tasks freely.
public class Observable<Element>: ObservableType, @unchecked Sendable {
    init() {
        #if TRACE_RESOURCES
        _ = Resources.incrementTotal()
        #endif
    }

    /// Subscribes `observer` to receive events for this sequence.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        rxAbstractMethod()
    }

    /// Returns `self`.
    public func asObservable() -> Observable<Element> { self }

    deinit {
        #if TRACE_RESOURCES
        _ = Resources.decrementTotal()
        #endif
    }
}
