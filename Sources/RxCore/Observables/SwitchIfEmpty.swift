extension ObservableType {
    /// Returns the elements of the specified sequence or `other` sequence if the sequence is empty.
    ///
    /// - seealso: [DefaultIfEmpty operator on reactivex.io](http://reactivex.io/documentation/operators/defaultifempty.html)
    ///
    ///     source: --------|
    ///     other:          --7--8--|
    ///     result: ----------7--8--|
    ///
    /// `other` is subscribed only when the source completes without an element.
    ///
    /// - parameter other: Observable sequence being returned when source sequence is empty.
    /// - returns: Observable sequence that contains elements from switchTo sequence if source is empty, otherwise
    ///   returns source sequence elements.
    public func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
        SwitchIfEmpty(source: self.asObservable(), parameters: other)
    }
}

private final class SwitchIfEmptySink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element

    private let ifEmpty: Observable<Element>
    private var isEmpty = true
    private let ifEmptySubscription = SingleAssignmentDisposable()

    init(ifEmpty: Observable<Element>, observer: Observer, cancel: Cancelable) {
        self.ifEmpty = ifEmpty
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<Element>) -> Disposable {
        let subscription = source.subscribe(self)
        return Disposables.create(subscription, self.ifEmptySubscription)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            self.isEmpty = false
            self.forwardOn(event)
        case .error:
            self.forwardOn(event)
            self.dispose()
        case .completed:
            guard self.isEmpty else {
                self.forwardOn(.completed)
                self.dispose()
                return
            }
            self.ifEmptySubscription.setDisposable(self.ifEmpty.subscribe(SinkProxy(sink: self)))
        }
    }
}

/// The producer of `ifEmpty(switchTo:)` (and so of `ifEmpty(default:)`); its parameter is the other sequence.
private final class SwitchIfEmpty<Element>: SourceProducer<Element, Element, Observable<Element>>, @unchecked Sendable {
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = SwitchIfEmptySink(ifEmpty: self.parameters, observer: observer, cancel: cancel)
        let subscription = sink.run(self.source)
        return (sink: sink, subscription: subscription)
    }
}
