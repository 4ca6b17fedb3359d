extension ObservableType {
    /// Returns a non-terminating observable sequence, which can be used to denote an infinite duration.
    ///
    /// - seealso: [never operator on reactivex.io](http://reactivex.io/documentation/operators/empty-never-throw.html)
    ///
    /// - returns: An observable sequence whose observers will never get called.
    public static func never() -> Observable<Element> {
        NeverProducer()
    }
}

private final class NeverProducer<Element>: Producer<Element>, @unchecked Sendable {
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        Disposables.create()
    }
}
