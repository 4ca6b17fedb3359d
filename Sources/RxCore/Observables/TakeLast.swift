extension ObservableType {
    /// Returns a specified number of contiguous elements from the end of an observable sequence.
    ///
    /// This operator accumulates a buffer with a length enough to store elements `count` elements. Upon
    /// completion of the source sequence, this buffer is drained on the result sequence. This causes the elements
    /// to be delayed.
    ///
    /// - seealso: [takeLast operator on reactivex.io](http://reactivex.io/documentation/operators/takelast.html)
    ///
    ///     --1--2--3--4--|      takeLast(2)
    ///     --------------(34|)
    ///
    /// RxSwift stops the process on a negative `count`; here the sequence fails with
    /// `RxError.argumentOutOfRange` instead.
    ///
    /// - parameter count: Number of elements to take from the end of the source sequence.
    /// - returns: An observable sequence containing the specified number of elements from the end of the source
    ///   sequence.
    public func takeLast(_ count: Int) -> Observable<Element> {
        if count < 0 {
            return Observable.error(RxError.argumentOutOfRange)
        }
        return TakeLast(source: self.asObservable(), parameters: count)
    }
}

private final class TakeLastSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element

    private let count: Int
    private var elements = Queue<Element>()

    init(count: Int, observer: Observer, cancel: Cancelable) {
        self.count = count
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            guard self.count > 0 else { return }
            self.elements.enqueue(value)
            if self.elements.count > self.count {
                _ = self.elements.dequeue()
            }
        case .error:
            self.forwardOn(event)
            self.dispose()
        case .completed:
            while let element = self.elements.dequeue() {
                self.forwardOn(.next(element))
            }
            self.forwardOn(.completed)
            self.dispose()
        }
    }
}

/// The producer of `takeLast`; its parameter is the count.
private final class TakeLast<Element>: SourceProducer<Element, Element, Int>, @unchecked Sendable {
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        return subscribed(TakeLastSink(count: self.parameters, observer: observer, cancel: cancel), to: self.source)
    }
}
