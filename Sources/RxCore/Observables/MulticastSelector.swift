extension ObservableType {
    /// Multicasts the source sequence notifications through an instantiated subject into all uses of the
    /// sequence within a selector function.
    ///
    /// Each subscription to the resulting sequence causes a separate multicast invocation, exposing the sequence
    /// resulting from the selector function's invocation.
    ///
    /// For specializations with fixed subject types, see `publish` and `replay`.
    ///
    /// - seealso: [multicast operator on reactivex.io](http://reactivex.io/documentation/operators/publish.html)
    ///
    ///     source: --1--2--|
    ///     multicast({ PublishSubject() }, selector: { shared in shared.map { $0 * 10 } })
    ///     result: --10-20-|          (the source is subscribed once per subscription, after the selector's
    ///                                 sequence was subscribed)
    ///
    /// An error thrown by `subjectSelector` or `selector` terminates the subscription with that error.
    ///
    /// - parameter subjectSelector: Factory function to create an intermediate subject through which the source
    ///   sequence's elements will be multicast to the selector function.
    /// - parameter selector: Selector function which can use the multicasted source sequence subject to the
    ///   policies enforced by the created subject.
    /// - returns: An observable sequence that contains the elements of a sequence produced by multicasting the
    ///   source sequence within a selector function.
    public func multicast<Subject: SubjectType, Result>(
        _ subjectSelector: @escaping () throws -> Subject,
        selector: @escaping (Observable<Subject.Element>) throws -> Observable<Result>
    ) -> Observable<Result> where Subject.Observer.Element == Element {
        MulticastSelector(source: asObservable(), parameters: (subjectSelector: subjectSelector, selector: selector))
    }
}

private final class MulticastSelectorSink<Subject: SubjectType, Observer: ObserverType>:
    ParentSink<MulticastSelector<Subject, Observer.Element>, Observer>, SelfSubscribingSink, ObserverType,
    @unchecked Sendable
{
    typealias Element = Observer.Element

    func run() -> Disposable {
        do {
            let (subjectSelector, selector) = parent.parameters
            let subject = try subjectSelector()
            let connectable = parent.source.multicast(subject)
            let observable = try selector(connectable.asObservable())
            let subscription = observable.subscribe(self)
            let connection = connectable.connect()
            return Disposables.create(subscription, connection)
        } catch {
            forwardOn(.error(error))
            dispose()
            return Disposables.create()
        }
    }

    func on(_ event: Event<Element>) {
        forwardOn(event)
        if event.isStopEvent {
            dispose()
        }
    }
}

private final class MulticastSelector<Subject: SubjectType, Result>:
    SourceProducer<
        Subject.Observer.Element,
        Result,
        (subjectSelector: () throws -> Subject, selector: (Observable<Subject.Element>) throws -> Observable<Result>)
    >,
    @unchecked Sendable
{
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Result {
        return self.running(MulticastSelectorSink<Subject, Observer>(parent: self, observer: observer, cancel: cancel))
    }
}
