extension ObservableType {
    /// Projects each element of an observable sequence into a new sequence of observable sequences and then
    /// transforms an observable sequence of observable sequences into an observable sequence producing values only
    /// from the most recent observable sequence.
    ///
    /// It is a combination of `map` + `switchLatest` operator
    ///
    /// - seealso: [flatMapLatest operator on reactivex.io](http://reactivex.io/documentation/operators/flatmap.html)
    ///
    ///     outer:  --1--------2--------|
    ///     1 -> --a--b--c|  2 -> --d--|
    ///     result: ----a--b----d--|         (1's sequence is unsubscribed when 2 arrives)
    ///
    /// As in RxSwift: a new outer element disposes the previous inner subscription at once, before the new inner
    /// sequence is subscribed; the result completes when the outer sequence has completed and the latest inner
    /// sequence has completed (or there is none); an error from the outer sequence, the latest inner sequence or
    /// `selector` fails it.
    ///
    /// - parameter selector: A transform function to apply to each element.
    /// - returns: An observable sequence whose elements are the result of invoking the transform function on each
    ///   element of source producing an Observable of Observable sequences and that at any point in time produces
    ///   the elements of the most recent inner observable sequence that has been received.
    public func flatMapLatest<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    )
        -> Observable<Source.Element>
    {
        FlatMapLatest(source: self.asObservable(), selector: selector)
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Transforms an observable sequence of observable sequences into an observable sequence producing values
    /// only from the most recent observable sequence.
    ///
    /// Each time a new inner observable sequence is received, unsubscribe from the previous inner observable
    /// sequence.
    ///
    /// - seealso: [switch operator on reactivex.io](http://reactivex.io/documentation/operators/switch.html)
    ///
    ///     outer:  --xs------ys-----|
    ///     xs:       --1--2--3|
    ///     ys:               --4|
    ///     result: ----1--2----4----|
    ///
    /// - returns: The observable sequence that at any point in time produces the elements of the most recent
    ///   inner observable sequence that has been received.
    public func switchLatest() -> Observable<Element.Element> {
        FlatMapLatest(source: self.asObservable(), selector: { $0 })
    }
}

private final class FlatMapLatestSink<
    SourceElement,
    SourceSequence: ObservableConvertibleType,
    Observer: ObserverType
>: Sink<Observer>, ObserverType, @unchecked Sendable
where Observer.Element == SourceSequence.Element {
    typealias Element = SourceElement
    typealias Selector = (SourceElement) throws -> SourceSequence

    fileprivate let lock = RecursiveLock()
    private let selector: Selector
    private let sourceSubscription = SingleAssignmentDisposable()
    private let innerSubscription = SerialDisposable()

    // state, guarded by `lock`
    fileprivate var stopped = false
    fileprivate var latest = 0
    fileprivate var hasLatest = false

    init(selector: @escaping Selector, observer: Observer, cancel: Cancelable) {
        self.selector = selector
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<SourceElement>) -> Disposable {
        self.sourceSubscription.setDisposable(source.subscribe(self))
        return Disposables.create(self.sourceSubscription, self.innerSubscription)
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            guard let (id, inner) = self.nextElementArrived(element) else { return }
            let subscription = SingleAssignmentDisposable()
            // Disposes the previous inner subscription before subscribing to the new one.
            self.innerSubscription.disposable = subscription
            let observer = FlatMapLatestSinkInner(parent: self, id: id, subscription: subscription)
            subscription.setDisposable(inner.subscribe(observer))
        case .error(let error):
            self.lock.performLocked {
                self.forwardOn(.error(error))
                self.dispose()
            }
        case .completed:
            self.lock.performLocked {
                self.stopped = true
                self.sourceSubscription.dispose()
                if !self.hasLatest {
                    self.forwardOn(.completed)
                    self.dispose()
                }
            }
        }
    }

    private func nextElementArrived(_ element: SourceElement) -> (Int, Observable<Observer.Element>)? {
        self.lock.performLocked {
            do {
                let inner = try self.selector(element).asObservable()
                self.hasLatest = true
                self.latest &+= 1
                return (self.latest, inner)
            } catch {
                self.forwardError(error)
                return nil
            }
        }
    }
}

private final class FlatMapLatestSinkInner<
    SourceElement,
    SourceSequence: ObservableConvertibleType,
    Observer: ObserverType
>: ObserverType
where Observer.Element == SourceSequence.Element {
    typealias Element = Observer.Element
    typealias Parent = FlatMapLatestSink<SourceElement, SourceSequence, Observer>

    private let parent: Parent
    private let id: Int
    private let subscription: Disposable

    init(parent: Parent, id: Int, subscription: Disposable) {
        self.parent = parent
        self.id = id
        self.subscription = subscription
    }

    func on(_ event: Event<Element>) {
        self.parent.lock.performLocked {
            if event.isStopEvent {
                self.subscription.dispose()
            }
            guard self.parent.latest == self.id else { return }
            switch event {
            case .next:
                self.parent.forwardOn(event)
            case .error:
                self.parent.forwardOn(event)
                self.parent.dispose()
            case .completed:
                self.parent.hasLatest = false
                if self.parent.stopped {
                    self.parent.forwardOn(event)
                    self.parent.dispose()
                }
            }
        }
    }
}

private final class FlatMapLatest<SourceElement, SourceSequence: ObservableConvertibleType>:
    Producer<SourceSequence.Element>, @unchecked Sendable
{
    typealias Selector = (SourceElement) throws -> SourceSequence

    private let source: Observable<SourceElement>
    private let selector: Selector

    init(source: Observable<SourceElement>, selector: @escaping Selector) {
        self.source = source
        self.selector = selector
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == SourceSequence.Element {
        let sink = FlatMapLatestSink(selector: self.selector, observer: observer, cancel: cancel)
        let subscription = sink.run(self.source)
        return (sink: sink, subscription: subscription)
    }
}
