extension ObservableType {
    /// Bypasses a specified number of elements in an observable sequence and then returns the remaining
    /// elements.
    ///
    /// - seealso: [skip operator on reactivex.io](http://reactivex.io/documentation/operators/skip.html)
    ///
    ///     --1--2--3--4--|      skip(2)
    ///     --------3--4--|
    ///
    /// RxSwift stops the process on a negative `count`; here the sequence fails with
    /// `RxError.argumentOutOfRange` instead.
    ///
    /// - parameter count: The number of elements to skip before returning the remaining elements.
    /// - returns: An observable sequence that contains the elements that occur after the specified index in the
    ///   input sequence.
    public func skip(_ count: Int) -> Observable<Element> {
        if count < 0 {
            return Observable.error(RxError.argumentOutOfRange)
        }
        return SkipCount(source: self.asObservable(), count: count)
    }
}

private final class SkipCountSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
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
            } else {
                self.forwardOn(event)
            }
        case .error, .completed:
            self.forwardStop(event)
        }
    }
}

private final class SkipCount<Element>: Producer<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let count: Int

    init(source: Observable<Element>, count: Int) {
        self.source = source
        self.count = count
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        return self.subscribing(SkipCountSink(count: self.count, observer: observer, cancel: cancel), to: self.source)
    }
}
