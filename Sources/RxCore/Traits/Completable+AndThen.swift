extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// Concatenates the second observable sequence to `self` upon successful termination of `self`.
    ///
    /// - seealso: [concat operator on reactivex.io](http://reactivex.io/documentation/operators/concat.html)
    ///
    ///     self:   ---|
    ///     second:    --(1|)     (subscribed when self completes)
    ///     result: -----(1|)
    ///
    /// - parameter second: Second observable sequence.
    /// - returns: An observable sequence that contains the elements of `self`, followed by those of the second
    ///   sequence.
    public func andThen<Element>(_ second: Single<Element>) -> Single<Element> {
        Single(raw: AndThen(completable: self.primitiveSequence.asObservable(), second: second.asObservable()))
    }

    /// Concatenates the second observable sequence to `self` upon successful termination of `self`.
    ///
    /// - seealso: [concat operator on reactivex.io](http://reactivex.io/documentation/operators/concat.html)
    ///
    /// - parameter second: Second observable sequence.
    /// - returns: An observable sequence that contains the elements of `self`, followed by those of the second
    ///   sequence.
    public func andThen<Element>(_ second: Maybe<Element>) -> Maybe<Element> {
        Maybe(raw: AndThen(completable: self.primitiveSequence.asObservable(), second: second.asObservable()))
    }

    /// Concatenates the second observable sequence to `self` upon successful termination of `self`.
    ///
    /// - seealso: [concat operator on reactivex.io](http://reactivex.io/documentation/operators/concat.html)
    ///
    /// - parameter second: Second observable sequence.
    /// - returns: An observable sequence that contains the elements of `self`, followed by those of the second
    ///   sequence.
    public func andThen(_ second: Completable) -> Completable {
        Completable(raw: AndThen(completable: self.primitiveSequence.asObservable(), second: second.asObservable()))
    }

    /// Concatenates the second observable sequence to `self` upon successful termination of `self`.
    ///
    /// - seealso: [concat operator on reactivex.io](http://reactivex.io/documentation/operators/concat.html)
    ///
    /// - parameter second: Second observable sequence.
    /// - returns: An observable sequence that contains the elements of `self`, followed by those of the second
    ///   sequence.
    public func andThen<Element>(_ second: Observable<Element>) -> Observable<Element> {
        AndThen(completable: self.primitiveSequence.asObservable(), second: second.asObservable())
    }
}

private final class AndThenSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Never

    private let second: Observable<Observer.Element>
    private let subscription = SerialDisposable()

    init(second: Observable<Observer.Element>, observer: Observer, cancel: Cancelable) {
        self.second = second
        super.init(observer: observer, cancel: cancel)
    }

    func run(completable: Observable<Never>) -> Disposable {
        let completableSubscription = SingleAssignmentDisposable()
        self.subscription.disposable = completableSubscription
        completableSubscription.setDisposable(completable.subscribe(self))
        return self.subscription
    }

    func on(_ event: Event<Never>) {
        switch event {
        case .next:
            break
        case .error(let error):
            self.forwardOn(.error(error))
            self.dispose()
        case .completed:
            self.subscription.disposable = self.second.subscribe(AndThenSinkSecond(parent: self))
        }
    }
}

private final class AndThenSinkSecond<Observer: ObserverType>: ObserverType {
    typealias Element = Observer.Element

    private let parent: AndThenSink<Observer>

    init(parent: AndThenSink<Observer>) {
        self.parent = parent
    }

    func on(_ event: Event<Element>) {
        self.parent.forwardOn(event)
        if event.isStopEvent {
            self.parent.dispose()
        }
    }
}

private final class AndThen<Element>: Producer<Element>, @unchecked Sendable {
    private let completable: Observable<Never>
    private let second: Observable<Element>

    init(completable: Observable<Never>, second: Observable<Element>) {
        self.completable = completable
        self.second = second
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = AndThenSink(second: self.second, observer: observer, cancel: cancel)
        let subscription = sink.run(completable: self.completable)
        return (sink: sink, subscription: subscription)
    }
}
