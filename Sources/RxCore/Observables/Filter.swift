extension ObservableType {
    /// Filters the elements of an observable sequence based on a predicate.
    ///
    /// - seealso: [filter operator on reactivex.io](http://reactivex.io/documentation/operators/filter.html)
    ///
    ///     --1--2--3--4--|     filter { $0 % 2 == 0 }
    ///     -----2-----4--|
    ///
    /// - parameter predicate: A function to test each source element for a condition.
    /// - returns: An observable sequence that contains elements from the input sequence that satisfy the condition.
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        Filter(source: self.asObservable(), predicate: predicate)
    }
}

private final class FilterSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Predicate = (Element) throws -> Bool
    typealias Element = Observer.Element

    private let predicate: Predicate

    init(predicate: @escaping Predicate, observer: Observer, cancel: Cancelable) {
        self.predicate = predicate
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            do {
                let satisfies = try self.predicate(value)
                if satisfies {
                    self.forwardOn(.next(value))
                }
            } catch {
                self.forwardError(error)
            }
        case .error, .completed:
            self.forwardStop(event)
        }
    }
}

private final class Filter<Element>: Producer<Element>, @unchecked Sendable {
    typealias Predicate = (Element) throws -> Bool

    private let source: Observable<Element>
    private let predicate: Predicate

    init(source: Observable<Element>, predicate: @escaping Predicate) {
        self.source = source
        self.predicate = predicate
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = FilterSink(predicate: self.predicate, observer: observer, cancel: cancel)
        // Spelled out rather than `subscribed(_:to:)`, as in `Map` (hot operator, measured).
        let subscription = self.source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
