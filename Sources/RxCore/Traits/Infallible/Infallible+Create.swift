extension Infallible {
    /// The observer of `Infallible.create`: it takes elements and completion, never an error.
    public typealias InfallibleObserver = (InfallibleEvent<Element>) -> Void

    /// Creates an infallible sequence from a specified subscribe method implementation.
    ///
    /// - seealso: [create operator on reactivex.io](http://reactivex.io/documentation/operators/create.html)
    ///
    ///     Infallible<Int>.create { observer in
    ///         observer(.next(1))
    ///         observer(.completed)
    ///         return Disposables.create()
    ///     }
    ///
    /// As with `Observable.create`, nothing reaches the subscriber after completion or disposal.
    ///
    /// - parameter subscribe: Implementation of the resulting sequence's `subscribe` method.
    /// - returns: The infallible sequence with the specified implementation for the `subscribe` method.
    public static func create(subscribe: @escaping (@escaping InfallibleObserver) -> Disposable) -> Infallible<Element>
    {
        let source = Observable<Element>.create { observer in
            subscribe { event in
                switch event {
                case .next(let element): observer.onNext(element)
                case .completed: observer.onCompleted()
                }
            }
        }
        return Infallible(source)
    }
}
