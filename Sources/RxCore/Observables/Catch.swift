extension ObservableType {
    /// Continues an observable sequence that is terminated by an error with the observable sequence produced by
    /// the handler.
    ///
    /// - seealso: [catch operator on reactivex.io](http://reactivex.io/documentation/operators/catch.html)
    ///
    ///     source:  --1--2--#
    ///     handler:         --8--9--|
    ///     result:  --1--2----8--9--|
    ///
    /// An error thrown by `handler` fails the result with that error.
    ///
    /// - parameter handler: Error handler function, producing another observable sequence.
    /// - returns: An observable sequence containing the source sequence's elements, followed by the elements
    ///   produced by the handler's resulting observable sequence in case an error occurred.
    public func `catch`(_ handler: @escaping (Swift.Error) throws -> Observable<Element>) -> Observable<Element> {
        Catch(source: self.asObservable(), parameters: handler)
    }

    /// Continues an observable sequence that is terminated by an error with a single element.
    ///
    /// - seealso: [catch operator on reactivex.io](http://reactivex.io/documentation/operators/catch.html)
    ///
    ///     --1--2--#         catchAndReturn(0)
    ///     --1--2--(0|)
    ///
    /// - parameter element: Last element in an observable sequence in case error occurs.
    /// - returns: An observable sequence containing the source sequence's elements, followed by the `element` in
    ///   case an error occurred.
    public func catchAndReturn(_ element: Element) -> Observable<Element> {
        Catch(source: self.asObservable(), parameters: { _ in Observable.just(element) })
    }

    /// Continues an observable sequence that is terminated by an error with the next observable sequence.
    ///
    /// - seealso: [catch operator on reactivex.io](http://reactivex.io/documentation/operators/catch.html)
    ///
    ///     Observable.catch([primary, fallback1, fallback2])
    ///
    /// Each source is subscribed, lazily, when the previous one fails; the result completes with the first source
    /// that completes, and fails with the last error if every source fails.
    ///
    /// - returns: An observable sequence containing elements from consecutive source sequences until a source
    ///   sequence terminates successfully.
    public static func `catch`<Sources: Sequence>(_ sequence: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element> {
        CatchSequence(sources: sequence)
    }

    /// RxSwift 6's spelling of `catch(_:)` over a sequence of sources: `Observable.catch(sequence: [a, b])`.
    ///
    /// - returns: An observable sequence containing elements from consecutive source sequences until a source
    ///   sequence terminates successfully.
    public static func `catch`<Sources: Sequence>(sequence: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element> {
        CatchSequence(sources: sequence)
    }
}

private final class CatchSink<Observer: ObserverType>:
    ParentSink<Catch<Observer.Element>, Observer>, SelfSubscribingSink, ObserverType, @unchecked Sendable
{
    typealias Element = Observer.Element

    private let subscription = SerialDisposable()

    func run() -> Disposable {
        let sourceSubscription = SingleAssignmentDisposable()
        self.subscription.disposable = sourceSubscription
        sourceSubscription.setDisposable(self.parent.source.subscribe(self))
        return self.subscription
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            self.forwardOn(event)
        case .completed:
            self.forwardOn(event)
            self.dispose()
        case .error(let error):
            do {
                let handler = self.parent.parameters
                let catchSequence = try handler(error)
                self.subscription.disposable = catchSequence.subscribe(SinkProxy(sink: self))
            } catch {
                self.forwardError(error)
            }
        }
    }
}

/// The producer of `catch(_:)`; its parameter is the handler.
private final class Catch<Element>:
    SourceProducer<Element, Element, (Swift.Error) throws -> Observable<Element>>, @unchecked Sendable
{
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        self.running(CatchSink(parent: self, observer: observer, cancel: cancel))
    }
}

/// Subscribes the sources one after another while they fail; `retry` uses it with the source repeated.
final class CatchSequenceSink<Sources: Sequence, Observer: ObserverType>: TailRecursiveSink<Sources, Observer>,
    ObserverType, @unchecked Sendable
where Sources.Element: ObservableConvertibleType, Sources.Element.Element == Observer.Element {
    private var lastError: Swift.Error?

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            self.forwardOn(event)
        case .error(let error):
            self.lastError = error
            self.moveNext()
        case .completed:
            self.forwardOn(event)
            self.dispose()
        }
    }

    override func subscribeToNext(_ source: Observable<Element>) -> Disposable {
        source.subscribe(self)
    }

    override func done() {
        if let lastError = self.lastError {
            self.forwardOn(.error(lastError))
        } else {
            self.forwardOn(.completed)
        }
        self.dispose()
    }
}

/// The observable of `Observable.catch(_:)` and `retry`.
final class CatchSequence<Sources: Sequence>: Producer<Sources.Element.Element>, @unchecked Sendable
where Sources.Element: ObservableConvertibleType {
    private let sources: Sources

    init(sources: Sources) {
        self.sources = sources
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = CatchSequenceSink<Sources, Observer>(sources: self.sources, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
