extension ObservableType {
    /// Returns the elements from the source observable sequence that are emitted after the other observable
    /// sequence produces an element.
    ///
    /// - seealso: [skipUntil operator on reactivex.io](http://reactivex.io/documentation/operators/skipuntil.html)
    ///
    ///     source: --1--2--3--4--|
    ///     other:  -------x-------
    ///     result: --------3--4--|
    ///
    /// As in RxSwift: an error from `other` fails the result; `other` completing without an element leaves the
    /// gate closed; and if the source completes while the gate is still closed, the result does not complete —
    /// the subscription just ends.
    ///
    /// - parameter other: Observable sequence that starts propagation of elements of the source sequence.
    /// - returns: An observable sequence containing the elements of the source sequence that are emitted after
    ///   the other sequence emits an item.
    public func skip<Source: ObservableType>(until other: Source) -> Observable<Element> {
        SkipUntil(source: self.asObservable(), other: other.asObservable())
    }
}

private final class SkipUntilSinkOther<Other, Observer: ObserverType>: ObserverType {
    typealias Parent = SkipUntilSink<Other, Observer>
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
                self.parent.forwardElements = true
                self.subscription.dispose()
            case .error(let error):
                self.parent.forwardOn(.error(error))
                self.parent.dispose()
            case .completed:
                self.subscription.dispose()
            }
        }
    }
}

private final class SkipUntilSink<Other, Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
{
    typealias Element = Observer.Element
    typealias Parent = SkipUntil<Element, Other>

    let lock = RecursiveLock()
    private let parent: Parent
    fileprivate var forwardElements = false

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        self.lock.performLocked {
            switch event {
            case .next:
                if self.forwardElements {
                    self.forwardOn(event)
                }
            case .error:
                self.forwardOn(event)
                self.dispose()
            case .completed:
                if self.forwardElements {
                    self.forwardOn(event)
                }
                self.dispose()
            }
        }
    }

    func run() -> Disposable {
        let sourceSubscription = SingleAssignmentDisposable()
        sourceSubscription.setDisposable(self.parent.source.subscribe(self))
        let otherObserver = SkipUntilSinkOther(parent: self)
        otherObserver.subscription.setDisposable(self.parent.other.subscribe(otherObserver))
        return Disposables.create(sourceSubscription, otherObserver.subscription)
    }
}

private final class SkipUntil<Element, Other>: Producer<Element>, @unchecked Sendable {
    fileprivate let source: Observable<Element>
    fileprivate let other: Observable<Other>

    init(source: Observable<Element>, other: Observable<Other>) {
        self.source = source
        self.other = other
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = SkipUntilSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
