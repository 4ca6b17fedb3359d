extension ObservableType {
    /// The single operator is similar to first, but throws a `RxError.noElements` or
    /// `RxError.moreThanOneElement` if the source Observable does not emit exactly one element before
    /// successfully completing.
    ///
    /// - seealso: [single operator on reactivex.io](http://reactivex.io/documentation/operators/first.html)
    ///
    ///     --1-----|         single()
    ///     --1-----|
    ///     --1--2--|         single()
    ///     --1--#            (# = RxError.moreThanOneElement)
    ///
    /// The element is forwarded as soon as it arrives; the error for a second element is sent when it arrives.
    ///
    /// - returns: An observable sequence that emits a single element or throws an exception if more (or none) of
    ///   them are emitted.
    public func single() -> Observable<Element> {
        SingleAsync(source: self.asObservable())
    }

    /// The single operator is similar to first, but throws a `RxError.noElements` or
    /// `RxError.moreThanOneElement` if the source Observable does not emit exactly one element matching the
    /// predicate before successfully completing.
    ///
    /// - seealso: [single operator on reactivex.io](http://reactivex.io/documentation/operators/first.html)
    ///
    ///     --1--2--3--|      single { $0 == 2 }
    ///     -----2-----|
    ///
    /// An error thrown by `predicate` terminates the sequence with that error.
    ///
    /// - parameter predicate: A function to test each source element for a condition.
    /// - returns: An observable sequence that emits a single element or throws an exception if more (or none) of
    ///   them are emitted.
    public func single(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        SingleAsync(source: self.asObservable(), predicate: predicate)
    }
}

private final class SingleAsyncSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element
    typealias Parent = SingleAsync<Element>

    private let parent: Parent
    private var seenValue = false

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            do {
                let matches = try self.parent.predicate?(value) ?? true
                if !matches {
                    return
                }
            } catch {
                self.forwardError(error)
                return
            }
            if self.seenValue {
                self.forwardOn(.error(RxError.moreThanOneElement))
                self.dispose()
                return
            }
            self.seenValue = true
            self.forwardOn(.next(value))
        case .error:
            self.forwardOn(event)
            self.dispose()
        case .completed:
            if self.seenValue {
                self.forwardOn(.completed)
            } else {
                self.forwardOn(.error(RxError.noElements))
            }
            self.dispose()
        }
    }
}

private final class SingleAsync<Element>: Producer<Element>, @unchecked Sendable {
    typealias Predicate = (Element) throws -> Bool

    private let source: Observable<Element>
    fileprivate let predicate: Predicate?

    init(source: Observable<Element>, predicate: Predicate? = nil) {
        self.source = source
        self.predicate = predicate
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        return subscribed(SingleAsyncSink(parent: self, observer: observer, cancel: cancel), to: self.source)
    }
}
