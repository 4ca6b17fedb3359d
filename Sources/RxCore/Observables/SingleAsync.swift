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
        SingleAsync(source: self.asObservable(), parameters: nil)
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
        SingleAsync(source: self.asObservable(), parameters: predicate)
    }
}

private final class SingleAsyncSink<Observer: ObserverType>: ParentSink<SingleAsync<Observer.Element>, Observer>,
    ObserverType, @unchecked Sendable
{
    typealias Element = Observer.Element

    private var seenValue = false

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            do {
                let matches = try self.parent.parameters?(value) ?? true
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

/// The producer of `single()` and `single(_:)`; its parameter is the predicate, if any.
private final class SingleAsync<Element>: SourceProducer<Element, Element, ((Element) throws -> Bool)?>,
    @unchecked Sendable
{
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        return subscribed(SingleAsyncSink(parent: self, observer: observer, cancel: cancel), to: self.source)
    }
}
