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
        Single(raw: AndThen(source: self.primitiveSequence.asObservable(), parameters: second.asObservable()))
    }

    /// Concatenates the second observable sequence to `self` upon successful termination of `self`.
    ///
    /// - seealso: [concat operator on reactivex.io](http://reactivex.io/documentation/operators/concat.html)
    ///
    /// - parameter second: Second observable sequence.
    /// - returns: An observable sequence that contains the elements of `self`, followed by those of the second
    ///   sequence.
    public func andThen<Element>(_ second: Maybe<Element>) -> Maybe<Element> {
        Maybe(raw: AndThen(source: self.primitiveSequence.asObservable(), parameters: second.asObservable()))
    }

    /// Concatenates the second observable sequence to `self` upon successful termination of `self`.
    ///
    /// - seealso: [concat operator on reactivex.io](http://reactivex.io/documentation/operators/concat.html)
    ///
    /// - parameter second: Second observable sequence.
    /// - returns: An observable sequence that contains the elements of `self`, followed by those of the second
    ///   sequence.
    public func andThen(_ second: Completable) -> Completable {
        Completable(raw: AndThen(source: self.primitiveSequence.asObservable(), parameters: second.asObservable()))
    }

    /// Concatenates the second observable sequence to `self` upon successful termination of `self`.
    ///
    /// - seealso: [concat operator on reactivex.io](http://reactivex.io/documentation/operators/concat.html)
    ///
    /// - parameter second: Second observable sequence.
    /// - returns: An observable sequence that contains the elements of `self`, followed by those of the second
    ///   sequence.
    public func andThen<Element>(_ second: Observable<Element>) -> Observable<Element> {
        AndThen(source: self.primitiveSequence.asObservable(), parameters: second.asObservable())
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
            self.subscription.disposable = self.second.subscribe(SinkProxy(sink: self))
        }
    }
}

/// The producer of `andThen`: its source is the completable, its parameter the second sequence.
private final class AndThen<Element>: SourceProducer<Never, Element, Observable<Element>>, @unchecked Sendable {
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = AndThenSink(second: self.parameters, observer: observer, cancel: cancel)
        let subscription = sink.run(completable: self.source)
        return (sink: sink, subscription: subscription)
    }
}
