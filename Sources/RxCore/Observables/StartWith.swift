extension ObservableType {
    /// Prepends a sequence of values to an observable sequence.
    ///
    /// - seealso: [startWith operator on reactivex.io](http://reactivex.io/documentation/operators/startwith.html)
    ///
    ///     -----3--4--|      startWith(1, 2)
    ///     (12)-3--4--|
    ///
    /// The values are sent synchronously on subscription, before subscribing to the source.
    ///
    /// - parameter elements: Elements to prepend to the specified sequence.
    /// - returns: The source sequence prepended with the specified values.
    public func startWith(_ elements: Element...) -> Observable<Element> {
        StartWith(source: self.asObservable(), elements: elements)
    }
}

private final class StartWith<Element>: Producer<Element>, @unchecked Sendable {
    private let elements: [Element]
    private let source: Observable<Element>

    init(source: Observable<Element>, elements: [Element]) {
        self.source = source
        self.elements = elements
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        for element in self.elements {
            observer.on(.next(element))
        }
        return (sink: Disposables.create(), subscription: self.source.subscribe(observer))
    }
}
