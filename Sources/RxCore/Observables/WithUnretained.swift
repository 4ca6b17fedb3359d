extension ObservableType {
    /// Provides an unretained, safe to use (i.e. not implicitly unwrapped), reference to an object along with the
    /// events emitted by the sequence.
    ///
    ///     --1--2--(object released)--3--|      withUnretained(object) { ($0, $1) }
    ///     --(o,1)--(o,2)--|
    ///
    /// In the case the provided object cannot be retained successfully, the sequence completes (and the source is
    /// disposed); errors and completion of the source pass through.
    ///
    /// - note: Be careful when using this operator in a sequence that has a buffer or replay, for example
    ///   `share(replay: 1)`, as the sharing buffer will also include the provided object, which could
    ///   potentially cause a retain cycle.
    /// - parameter obj: The object to provide an unretained reference on.
    /// - parameter resultSelector: A function to combine the unretained referenced on `obj` and the value of the
    ///   observable sequence.
    /// - returns: An observable sequence that contains the result of `resultSelector` being called with an
    ///   unretained reference on `obj` and the values of the original sequence.
    public func withUnretained<Object: AnyObject, Out>(
        _ obj: Object,
        resultSelector: @escaping (Object, Element) -> Out
    ) -> Observable<Out> {
        WithUnretained(source: self.asObservable(), object: obj, resultSelector: resultSelector)
    }

    /// Provides an unretained, safe to use (i.e. not implicitly unwrapped), reference to an object along with the
    /// events emitted by the sequence, as a tuple.
    ///
    /// In the case the provided object cannot be retained successfully, the sequence completes.
    ///
    /// - parameter obj: The object to provide an unretained reference on.
    /// - returns: An observable sequence of tuples that contains both an unretained reference on `obj` and the
    ///   values of the original sequence.
    public func withUnretained<Object: AnyObject>(_ obj: Object) -> Observable<(Object, Element)> {
        self.withUnretained(obj) { ($0, $1) }
    }
}

private final class WithUnretainedSink<Object: AnyObject, Source, Observer: ObserverType>:
    ParentSink<WithUnretained<Object, Source, Observer.Element>, Observer>, ObserverType, @unchecked Sendable
{
    typealias Element = Source

    func on(_ event: Event<Source>) {
        switch event {
        case .next(let element):
            guard let object = self.parent.object else {
                self.forwardOn(.completed)
                self.dispose()
                return
            }
            self.forwardOn(.next(self.parent.resultSelector(object, element)))
        case .error, .completed:
            self.forwardStop(event)
        }
    }
}

private final class WithUnretained<Object: AnyObject, Source, Out>: Producer<Out>, @unchecked Sendable {
    private let source: Observable<Source>
    fileprivate weak var object: Object?
    fileprivate let resultSelector: (Object, Source) -> Out

    init(source: Observable<Source>, object: Object, resultSelector: @escaping (Object, Source) -> Out) {
        self.source = source
        self.object = object
        self.resultSelector = resultSelector
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Out {
        return subscribed(WithUnretainedSink(parent: self, observer: observer, cancel: cancel), to: self.source)
    }
}
