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
        FlatMapProducer(source: self.asObservable(), parameters: (strategy: .latest, selector: selector))
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
        FlatMapProducer(source: self.asObservable(), parameters: (strategy: .latest, selector: { $0 }))
    }
}

/// The sink of `flatMapLatest` and `switchLatest`: only the latest inner sequence is subscribed; events of an
/// earlier one that still arrive are dropped.
final class FlatMapLatestSink<
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
        case .error:
            self.lock.performLocked {
                self.forwardStop(event)
            }
        case .completed:
            self.lock.performLocked {
                self.stopped = true
                self.sourceSubscription.dispose()
                if !self.hasLatest {
                    self.forwardStop(event)
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

/// Observes one inner sequence of a `FlatMapLatestSink`, tagged with its `id` to tell it from later ones.
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
                self.parent.forwardStop(event)
            case .completed:
                self.parent.hasLatest = false
                if self.parent.stopped {
                    self.parent.forwardStop(event)
                }
            }
        }
    }
}
