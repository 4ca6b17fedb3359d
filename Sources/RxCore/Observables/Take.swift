extension ObservableType {
    /// Returns a specified number of contiguous elements from the start of an observable sequence.
    ///
    /// - seealso: [take operator on reactivex.io](http://reactivex.io/documentation/operators/take.html)
    ///
    ///     --1--2--3--4--|      take(2)
    ///     --1--2|
    ///
    /// The sequence completes (and unsubscribes from the source) as soon as the `count`-th element was sent;
    /// `take(0)` completes at once without subscribing to the source. RxSwift stops the process on a negative
    /// `count`; here the sequence fails with `RxError.argumentOutOfRange` instead.
    ///
    /// - parameter count: The number of elements to return.
    /// - returns: An observable sequence that contains the specified number of elements from the start of the
    ///   input sequence.
    public func take(_ count: Int) -> Observable<Element> {
        if count < 0 {
            return Observable.error(RxError.argumentOutOfRange)
        }
        if count == 0 {
            return Observable.empty()
        }
        return TakeCount(source: self.asObservable(), count: count)
    }
}

private final class TakeCountSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element

    private var remaining: Int

    init(count: Int, observer: Observer, cancel: Cancelable) {
        self.remaining = count
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            if self.remaining > 0 {
                self.remaining -= 1
                self.forwardOn(event)
                if self.remaining == 0 {
                    self.forwardOn(.completed)
                    self.dispose()
                }
            }
        case .error, .completed:
            self.forwardStop(event)
        }
    }
}

private final class TakeCount<Element>: Producer<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let count: Int

    init(source: Observable<Element>, count: Int) {
        self.source = source
        self.count = count
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        return self.subscribing(TakeCountSink(count: self.count, observer: observer, cancel: cancel), to: self.source)
    }
}
