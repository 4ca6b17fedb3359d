extension ObservableType {
    /// Converts an Observable into a Single that emits the whole sequence as a single array and then terminates.
    ///
    /// For aggregation behavior see `reduce`.
    ///
    /// - seealso: [toArray operator on reactivex.io](http://reactivex.io/documentation/operators/to.html)
    ///
    ///     --1--2--3--|      toArray()
    ///     -----------([1,2,3])|
    ///
    /// - returns: A Single sequence containing all the emitted elements as array.
    public func toArray() -> Single<[Element]> {
        PrimitiveSequence(raw: ToArray(source: self.asObservable()))
    }
}

private final class ToArraySink<SourceType, Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
where Observer.Element == [SourceType] {
    private var list = [SourceType]()

    func on(_ event: Event<SourceType>) {
        switch event {
        case .next(let value):
            self.list.append(value)
        case .error(let error):
            self.forwardOn(.error(error))
            self.dispose()
        case .completed:
            self.forwardLast(self.list)
        }
    }
}

private final class ToArray<SourceType>: Producer<[SourceType]>, @unchecked Sendable {
    private let source: Observable<SourceType>

    init(source: Observable<SourceType>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == [SourceType] {
        return subscribed(ToArraySink(observer: observer, cancel: cancel), to: self.source)
    }
}
