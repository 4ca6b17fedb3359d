extension ObservableType {
    /// Returns the elements from the source observable sequence until the other observable sequence produces an
    /// element.
    ///
    /// - seealso: [takeUntil operator on reactivex.io](http://reactivex.io/documentation/operators/takeuntil.html)
    ///
    ///     source: --1--2--3--4--|
    ///     other:  --------x------
    ///     result: --1--2--|
    ///
    /// As in RxSwift: an element from `other` completes the result; an error from `other` fails it; `other`
    /// completing without an element is ignored (the source keeps flowing). `other` is subscribed first.
    ///
    /// - parameter other: Observable sequence that terminates propagation of elements of the source sequence.
    /// - returns: An observable sequence containing the elements of the source sequence up to the point the
    ///   other sequence interrupted further propagation.
    public func take<Source: ObservableType>(until other: Source) -> Observable<Element> {
        TakeUntil(source: self.asObservable(), other: other.asObservable())
    }

    /// Returns elements from an observable sequence until the specified condition is true.
    ///
    /// - seealso: [takeUntil operator on reactivex.io](http://reactivex.io/documentation/operators/takeuntil.html)
    ///
    ///     --1--2--3--4--|      take(until: { $0 == 3 }, behavior: .exclusive)
    ///     --1--2--|
    ///     --1--2--3|           (behavior: .inclusive)
    ///
    /// An error thrown by `predicate` terminates the sequence with that error.
    ///
    /// - parameter predicate: A function to test each element for a condition.
    /// - parameter behavior: Whether or not to include the last element matching the predicate. Defaults to
    ///   `exclusive`.
    /// - returns: An observable sequence that contains the elements from the input sequence that occur before
    ///   the element at which the test passes.
    public func take(
        until predicate: @escaping (Element) throws -> Bool,
        behavior: TakeBehavior = .exclusive
    ) -> Observable<Element> {
        TakeUntilPredicate(source: self.asObservable(), behavior: behavior, predicate: predicate)
    }
}

private final class TakeUntilSinkOther<Other, Observer: ObserverType>: ObserverType {
    typealias Parent = TakeUntilSink<Other, Observer>
    typealias Element = Other

    private let parent: Parent
    let subscription = SingleAssignmentDisposable()

    init(parent: Parent) {
        self.parent = parent
    }

    func on(_ event: Event<Element>) {
        self.parent.lock.performLocked {
            switch event {
            case .next:
                self.parent.forwardOn(.completed)
                self.parent.dispose()
            case .error(let error):
                self.parent.forwardOn(.error(error))
                self.parent.dispose()
            case .completed:
                self.subscription.dispose()
            }
        }
    }
}

private final class TakeUntilSink<Other, Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
{
    typealias Element = Observer.Element
    typealias Parent = TakeUntil<Element, Other>

    let lock = RecursiveLock()
    private let parent: Parent

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        self.lock.performLocked {
            self.forwardOn(event)
            if event.isStopEvent {
                self.dispose()
            }
        }
    }

    func run() -> Disposable {
        let otherObserver = TakeUntilSinkOther(parent: self)
        otherObserver.subscription.setDisposable(self.parent.other.subscribe(otherObserver))
        let sourceSubscription = self.parent.source.subscribe(self)
        return Disposables.create(otherObserver.subscription, sourceSubscription)
    }
}

private final class TakeUntil<Element, Other>: Producer<Element>, @unchecked Sendable {
    fileprivate let source: Observable<Element>
    fileprivate let other: Observable<Other>

    init(source: Observable<Element>, other: Observable<Other>) {
        self.source = source
        self.other = other
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = TakeUntilSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}

private final class TakeUntilPredicateSink<Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
{
    typealias Element = Observer.Element
    typealias Parent = TakeUntilPredicate<Element>

    private let parent: Parent
    private var running = true

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            guard self.running else { return }
            do {
                self.running = try !self.parent.predicate(value)
            } catch {
                self.forwardError(error)
                return
            }
            if self.running {
                self.forwardOn(.next(value))
            } else {
                if self.parent.behavior == .inclusive {
                    self.forwardOn(.next(value))
                }
                self.forwardOn(.completed)
                self.dispose()
            }
        case .error, .completed:
            self.forwardStop(event)
        }
    }
}

private final class TakeUntilPredicate<Element>: Producer<Element>, @unchecked Sendable {
    typealias Predicate = (Element) throws -> Bool

    private let source: Observable<Element>
    fileprivate let predicate: Predicate
    fileprivate let behavior: TakeBehavior

    init(source: Observable<Element>, behavior: TakeBehavior, predicate: @escaping Predicate) {
        self.source = source
        self.behavior = behavior
        self.predicate = predicate
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = TakeUntilPredicateSink(parent: self, observer: observer, cancel: cancel)
        return self.subscribing(sink, to: self.source)
    }
}
