extension ObservableType {
    /// Returns an observable sequence that contains a single element.
    ///
    /// - seealso: [just operator on reactivex.io](http://reactivex.io/documentation/operators/just.html)
    ///
    ///     Observable.just(42)   // next(42), completed
    ///
    /// - parameter element: Single element in the resulting observable sequence.
    /// - returns: An observable sequence containing the single specified element.
    public static func just(_ element: Element) -> Observable<Element> {
        Just(element: element)
    }

    /// Returns an observable sequence that contains a single element, sent on `scheduler`.
    ///
    /// - parameter element: Single element in the resulting observable sequence.
    /// - parameter scheduler: Scheduler to send the single element on.
    /// - returns: An observable sequence containing the single specified element.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        // The scheduled optional with an element: the same two scheduled steps (the element, then completion).
        Observable.from(optional: element, scheduler: scheduler)
    }
}

private final class Just<Element>: Producer<Element>, @unchecked Sendable {
    private let element: Element

    init(element: Element) {
        self.element = element
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        observer.on(.next(self.element))
        observer.on(.completed)
        return Disposables.create()
    }
}
