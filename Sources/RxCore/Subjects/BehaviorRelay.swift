/// BehaviorRelay is a wrapper for `BehaviorSubject`.
///
/// Unlike `BehaviorSubject` it can't terminate with error or completed; its current value is always readable.
///
///     let relay = BehaviorRelay(value: 1)
///     relay.subscribe(onNext: { print($0) })   // prints 1
///     relay.accept(2)                          // prints 2; relay.value == 2
public final class BehaviorRelay<Element>: ObservableType, @unchecked Sendable {
    // @unchecked: the only state is the subject, which synchronizes itself.
    private let subject: BehaviorSubject<Element>

    /// Accepts `event` and emits it to subscribers
    public func accept(_ event: Element) {
        subject.onNext(event)
    }

    /// Current value of behavior subject
    public var value: Element {
        // The relay never disposes nor terminates its subject, so `value()` cannot throw.
        try! subject.value()
    }

    /// Initializes behavior relay with initial value.
    public init(value: Element) {
        subject = BehaviorSubject(value: value)
    }

    /// Subscribes observer
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// - returns: Canonical interface for push style sequence
    public func asObservable() -> Observable<Element> {
        subject.asObservable()
    }
}
