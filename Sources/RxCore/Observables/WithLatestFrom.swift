extension ObservableType {
    /// Merges two observable sequences into one observable sequence by combining each element from self with the
    /// latest element from the second source, if any.
    ///
    /// - seealso: [combineLatest operator on reactivex.io](http://reactivex.io/documentation/operators/combinelatest.html)
    ///
    ///     self:   --1-----2-----3--|
    ///     second: -----a-----b------
    ///     result: --------2a----3b-|      withLatestFrom(second) { "\($0)\($1)" }
    ///
    /// As in RxSwift: elements of `self` that arrive before `second` has emitted are dropped; the result completes
    /// with `self`; `second` completing is ignored; an error from either source, or thrown by `resultSelector`,
    /// fails it. `second` is subscribed first.
    ///
    /// - parameter second: Second observable source.
    /// - parameter resultSelector: Function to invoke for each element from the self combined with the latest
    ///   element from the second source, if any.
    /// - returns: An observable sequence containing the result of combining each element of the self  with the
    ///   latest element from the second source, if any, using the specified result selector function.
    public func withLatestFrom<Source: ObservableConvertibleType, ResultType>(
        _ second: Source,
        resultSelector: @escaping (Element, Source.Element) throws -> ResultType
    ) -> Observable<ResultType> {
        WithLatestFrom(
            source: self.asObservable(),
            parameters: (second: second.asObservable(), resultSelector: resultSelector)
        )
    }

    /// Merges two observable sequences into one observable sequence by using latest element from the second
    /// sequence every time when `self` emits an element.
    ///
    /// - seealso: [combineLatest operator on reactivex.io](http://reactivex.io/documentation/operators/combinelatest.html)
    ///
    ///     self:   --1-----2-----3--|
    ///     second: -----a-----b------
    ///     result: --------a-----b--|
    ///
    /// - parameter second: Second observable source.
    /// - returns: An observable sequence containing the result of combining each element of the self  with the
    ///   latest element from the second source, if any, using the specified result selector function.
    public func withLatestFrom<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Source.Element> {
        WithLatestFrom(source: self.asObservable(), parameters: (second: second.asObservable(), resultSelector: { $1 }))
    }
}

private final class WithLatestFromSink<FirstType, SecondType, Observer: ObserverType>:
    ParentSink<WithLatestFrom<FirstType, SecondType, Observer.Element>, Observer>, SelfSubscribingSink, ObserverType,
    @unchecked Sendable
{
    typealias ResultType = Observer.Element
    typealias Element = FirstType

    fileprivate let lock = RecursiveLock()
    fileprivate var latest: SecondType?

    func run() -> Disposable {
        let secondSubscription = SingleAssignmentDisposable()
        let secondObserver = WithLatestFromSecond(parent: self, subscription: secondSubscription)
        secondSubscription.setDisposable(self.parent.parameters.second.subscribe(secondObserver))
        let firstSubscription = self.parent.source.subscribe(self)
        return Disposables.create(firstSubscription, secondSubscription)
    }

    func on(_ event: Event<Element>) {
        self.lock.performLocked {
            switch event {
            case .next(let value):
                guard let latest = self.latest else { return }
                do {
                    let result = try self.parent.parameters.resultSelector(value, latest)
                    self.forwardOn(.next(result))
                } catch {
                    self.forwardError(error)
                }
            case .completed:
                self.forwardOn(.completed)
                self.dispose()
            case .error(let error):
                self.forwardOn(.error(error))
                self.dispose()
            }
        }
    }
}

private final class WithLatestFromSecond<FirstType, SecondType, Observer: ObserverType>: ObserverType {
    typealias Parent = WithLatestFromSink<FirstType, SecondType, Observer>
    typealias Element = SecondType

    private let parent: Parent
    private let subscription: Disposable

    init(parent: Parent, subscription: Disposable) {
        self.parent = parent
        self.subscription = subscription
    }

    func on(_ event: Event<Element>) {
        self.parent.lock.performLocked {
            switch event {
            case .next(let value):
                self.parent.latest = value
            case .completed:
                self.subscription.dispose()
            case .error(let error):
                self.parent.forwardOn(.error(error))
                self.parent.dispose()
            }
        }
    }
}

/// The producer of `withLatestFrom`: its source is the first sequence.
private final class WithLatestFrom<FirstType, SecondType, ResultType>:
    SourceProducer<
        FirstType,
        ResultType,
        (second: Observable<SecondType>, resultSelector: (FirstType, SecondType) throws -> ResultType)
    >,
    @unchecked Sendable
{
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == ResultType {
        self.running(WithLatestFromSink(parent: self, observer: observer, cancel: cancel))
    }
}
