extension ObservableType {
    /// Repeats the source observable sequence on error when the notifier emits a next value.
    ///
    /// If the source observable errors and the notifier completes, it will complete the source sequence.
    ///
    /// - seealso: [retry operator on reactivex.io](http://reactivex.io/documentation/operators/retry.html)
    ///
    ///     source:   --1--#       (each subscription)
    ///     errors:        e---------e------…   (what `notificationHandler` receives)
    ///     notifier:      ----x         --x    (delayed by the handler: a growing backoff)
    ///     result:   --1------------1---------1 …
    ///
    /// Semantics, as in RxSwift: `notificationHandler` is called once per subscription with the sequence of the
    /// source's errors, and the sequence it returns is subscribed at once. After a source error, the next
    /// element of that sequence resubscribes the source; its completion completes the result and its error fails
    /// it (an element it sent before the error is not remembered). An error that is not an `Error` is forwarded
    /// as is. Resubscription is trampolined.
    ///
    /// - parameter notificationHandler: A handler that is passed an observable sequence of errors raised by the
    ///   source observable and returns and observable that either continues, completes or errors. This behavior is
    ///   then applied to the source observable.
    /// - returns: An observable sequence producing the elements of the given sequence repeatedly until it
    ///   terminates successfully or is notified to error or complete.
    public func retry<TriggerObservable: ObservableType, Error: Swift.Error>(
        when notificationHandler: @escaping (Observable<Error>) -> TriggerObservable
    ) -> Observable<Element> {
        RetryWhen(source: self.asObservable(), parameters: notificationHandler)
    }

    /// Repeats the source observable sequence on error when the notifier emits a next value.
    ///
    /// If the source observable errors and the notifier completes, it will complete the source sequence.
    ///
    /// - seealso: [retry operator on reactivex.io](http://reactivex.io/documentation/operators/retry.html)
    ///
    ///     source.retry(when: { errors in errors.enumerated().flatMap { attempt, error in
    ///         attempt < 3 ? Observable<Int>.timer(.seconds(1 << attempt), scheduler: s) : .error(error)
    ///     } })
    ///
    /// Semantics as in `retry(when:)` with a typed error.
    ///
    /// - parameter notificationHandler: A handler that is passed an observable sequence of errors raised by the
    ///   source observable and returns and observable that either continues, completes or errors. This behavior is
    ///   then applied to the source observable.
    /// - returns: An observable sequence producing the elements of the given sequence repeatedly until it
    ///   terminates successfully or is notified to error or complete.
    public func retry<TriggerObservable: ObservableType>(
        when notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
    ) -> Observable<Element> {
        RetryWhen(source: self.asObservable(), parameters: notificationHandler)
    }
}

/// Resubscribes the source when the notifier emits after an error of the current attempt.
private final class RetryWhenTrigger<Observer: ObserverType, TriggerElement, Error: Swift.Error>: ObserverType {
    typealias Element = TriggerElement
    typealias Parent = RetryWhenSink<Observer, TriggerElement, Error>

    private let parent: Parent

    init(parent: Parent) {
        self.parent = parent
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            self.parent.moveNext()
        case .error(let error):
            self.parent.forwardOn(.error(error))
            self.parent.dispose()
        case .completed:
            self.parent.forwardOn(.completed)
            self.parent.dispose()
        }
    }
}

/// Observes one attempt (one subscription to the source).
private final class RetryWhenAttempt<Observer: ObserverType, TriggerElement, Error: Swift.Error>: ObserverType,
    Disposable
{
    typealias Element = Observer.Element
    typealias Parent = RetryWhenSink<Observer, TriggerElement, Error>

    private let parent: Parent
    let subscription = SingleAssignmentDisposable()
    private let triggerSubscription = SingleAssignmentDisposable()

    init(parent: Parent) {
        self.parent = parent
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            self.parent.forwardOn(event)
        case .error(let error):
            guard let typedError = error as? Error else {
                self.parent.forwardOn(.error(error))
                self.parent.dispose()
                return
            }
            self.subscription.dispose()
            // Listen to the notifier before the error is reported, so a synchronous reaction is not missed.
            self.triggerSubscription.setDisposable(
                self.parent.notifier.subscribe(RetryWhenTrigger(parent: self.parent))
            )
            self.parent.errors.on(.next(typedError))
        case .completed:
            self.parent.forwardOn(event)
            self.parent.dispose()
        }
    }

    func dispose() {
        self.subscription.dispose()
        self.triggerSubscription.dispose()
    }
}

private final class RetryWhenSink<Observer: ObserverType, TriggerElement, Error: Swift.Error>:
    TailRecursiveSink<UnfoldFirstSequence<Observable<Observer.Element>>, Observer>, @unchecked Sendable
{
    /// The source's errors, as handed to the notification handler.
    fileprivate let errors = PublishSubject<Error>()
    /// Re-broadcasts the handler's sequence, so each attempt can listen from the moment it failed.
    fileprivate let notifier = PublishSubject<TriggerElement>()
    private let handler: Observable<TriggerElement>

    init<TriggerObservable: ObservableType>(
        source: Observable<Observer.Element>,
        notificationHandler: (Observable<Error>) -> TriggerObservable,
        observer: Observer,
        cancel: Cancelable
    ) where TriggerObservable.Element == TriggerElement {
        self.handler = notificationHandler(self.errors.asObservable()).asObservable()
        super.init(sources: sequence(first: source) { $0 }, observer: observer, cancel: cancel)
    }

    override func run() -> Disposable {
        let triggerSubscription = self.handler.subscribe(self.notifier)
        let attempts = super.run()
        return Disposables.create(attempts, triggerSubscription)
    }

    override func subscribeToNext(_ source: Observable<Element>) -> Disposable {
        let attempt = RetryWhenAttempt<Observer, TriggerElement, Error>(parent: self)
        attempt.subscription.setDisposable(source.subscribe(attempt))
        return attempt
    }
}

/// The producer of `retry(when:)`; its parameter is the notification handler.
private final class RetryWhen<Element, TriggerObservable: ObservableType, Error: Swift.Error>:
    SourceProducer<Element, Element, (Observable<Error>) -> TriggerObservable>, @unchecked Sendable
{
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = RetryWhenSink<Observer, TriggerObservable.Element, Error>(
            source: self.source,
            notificationHandler: self.parameters,
            observer: observer,
            cancel: cancel
        )
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
