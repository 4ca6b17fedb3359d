/// ReplayRelay is a wrapper for `ReplaySubject`.
///
/// Unlike `ReplaySubject` it can't terminate with an error or complete.
///
///     let relay = ReplayRelay<Int>.create(bufferSize: 1)
///     relay.accept(1); relay.accept(2)
///     relay.subscribe(onNext: { print($0) })   // prints 2
public final class ReplayRelay<Element>: ObservableType, @unchecked Sendable {
    // @unchecked: the only state is the subject, which synchronizes itself.
    private let subject: ReplaySubject<Element>

    /// Accepts `event` and emits it to subscribers
    public func accept(_ event: Element) {
        subject.onNext(event)
    }

    private init(subject: ReplaySubject<Element>) {
        self.subject = subject
    }

    /// Creates new instance of `ReplayRelay` that replays at most `bufferSize` last elements sent to it.
    ///
    /// - parameter bufferSize: Maximal number of elements to replay to observers after subscription.
    /// - returns: New instance of replay relay.
    public static func create(bufferSize: Int) -> ReplayRelay<Element> {
        ReplayRelay(subject: ReplaySubject.create(bufferSize: bufferSize))
    }

    /// Creates a new instance of `ReplayRelay` that buffers all the sent to it.
    /// To avoid filling up memory, developer needs to make sure that the use case will only ever store a
    /// 'reasonable' number of elements.
    public static func createUnbounded() -> ReplayRelay<Element> {
        ReplayRelay(subject: ReplaySubject.createUnbounded())
    }

    /// RxRelay's spelling of `createUnbounded()`: a relay that replays every element sent to it.
    public static func createUnbound() -> ReplayRelay<Element> {
        createUnbounded()
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
