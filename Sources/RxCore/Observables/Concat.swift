extension ObservableType {
    /// Concatenates the second observable sequence to `self` upon successful termination of `self`.
    ///
    /// - seealso: [concat operator on reactivex.io](http://reactivex.io/documentation/operators/concat.html)
    ///
    ///     self:   --1--2|
    ///     second:       --3--|      (subscribed when self completes)
    ///     result: --1--2--3--|
    ///
    /// - parameter second: Second observable sequence.
    /// - returns: An observable sequence that contains the elements of `self`, followed by those of the second
    ///   sequence.
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element>
    where Source.Element == Element {
        Observable.concat([self.asObservable(), second.asObservable()])
    }

    /// Concatenates all observable sequences in the given sequence, as long as the previous observable sequence
    /// terminated successfully.
    ///
    /// - seealso: [concat operator on reactivex.io](http://reactivex.io/documentation/operators/concat.html)
    ///
    ///     Observable.concat([xs, ys, zs])   // xs's elements, then ys's, then zs's
    ///
    /// As in RxSwift the sequence is consumed lazily: the next source is taken from it, and subscribed, only when
    /// the previous one has completed. Moving on is trampolined, so many synchronous sources do not grow the
    /// stack. An error from any source fails the result.
    ///
    /// - returns: An observable sequence that contains the elements of each given sequence, in sequential order.
    public static func concat<Sources: Sequence>(_ sequence: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element> {
        Concat(sources: sequence)
    }

    /// Concatenates all observable sequences in the given collection, as long as the previous observable sequence
    /// terminated successfully.
    ///
    /// - seealso: [concat operator on reactivex.io](http://reactivex.io/documentation/operators/concat.html)
    ///
    /// - returns: An observable sequence that contains the elements of each given sequence, in sequential order.
    public static func concat<Sources: Collection>(_ collection: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element> {
        Concat(sources: collection)
    }

    /// Concatenates all observable sequences in the given sequence, as long as the previous observable sequence
    /// terminated successfully.
    ///
    /// - seealso: [concat operator on reactivex.io](http://reactivex.io/documentation/operators/concat.html)
    ///
    /// - returns: An observable sequence that contains the elements of each given sequence, in sequential order.
    public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
        Concat(sources: sources)
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Concatenates all inner observable sequences, as long as the previous observable sequence terminated
    /// successfully.
    ///
    /// - seealso: [concat operator on reactivex.io](http://reactivex.io/documentation/operators/concat.html)
    ///
    ///     outer:  --xs--ys-------|
    ///     xs:       --1---2|
    ///     ys:              --3|     (queued until xs completes)
    ///     result: ----1---2--3---|
    ///
    /// This is `merge(maxConcurrent: 1)`, as in RxSwift.
    ///
    /// - returns: An observable sequence that contains the elements of each observed inner sequence, in
    ///   sequential order.
    public func concat() -> Observable<Element.Element> {
        self.merge(maxConcurrent: 1)
    }
}

private final class ConcatSink<Sources: Sequence, Observer: ObserverType>: TailRecursiveSink<Sources, Observer>,
    ObserverType, @unchecked Sendable
where Sources.Element: ObservableConvertibleType, Sources.Element.Element == Observer.Element {
    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            self.forwardOn(event)
        case .error:
            self.forwardOn(event)
            self.dispose()
        case .completed:
            self.moveNext()
        }
    }

    override func subscribeToNext(_ source: Observable<Element>) -> Disposable {
        source.subscribe(self)
    }
}

private final class Concat<Sources: Sequence>: Producer<Sources.Element.Element>, @unchecked Sendable
where Sources.Element: ObservableConvertibleType {
    private let sources: Sources

    init(sources: Sources) {
        self.sources = sources
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = ConcatSink<Sources, Observer>(sources: self.sources, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
