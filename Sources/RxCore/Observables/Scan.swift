extension ObservableType {
    /// Applies an accumulator function over an observable sequence and returns each intermediate result.
    ///
    /// The specified seed value is used as the initial accumulator value; the accumulator mutates it in place.
    ///
    /// - seealso: [scan operator on reactivex.io](http://reactivex.io/documentation/operators/scan.html)
    ///
    ///     --1--2--3--|      scan(into: []) { $0.append($1) }
    ///     --[1]--[1,2]--[1,2,3]--|
    ///
    /// An error thrown by `accumulator` terminates the sequence with that error.
    ///
    /// - parameter seed: The initial accumulator value.
    /// - parameter accumulator: An accumulator function to be invoked on each element.
    /// - returns: An observable sequence containing the accumulated values.
    public func scan<A>(into seed: A, accumulator: @escaping (inout A, Element) throws -> Void) -> Observable<A> {
        Scan(source: self.asObservable(), seed: seed, accumulator: accumulator)
    }

    /// Applies an accumulator function over an observable sequence and returns each intermediate result.
    ///
    /// The specified seed value is used as the initial accumulator value.
    ///
    /// - seealso: [scan operator on reactivex.io](http://reactivex.io/documentation/operators/scan.html)
    ///
    ///     --1--2--3--|      scan(0, accumulator: +)
    ///     --1--3--6--|
    ///
    /// An error thrown by `accumulator` terminates the sequence with that error.
    ///
    /// - parameter seed: The initial accumulator value.
    /// - parameter accumulator: An accumulator function to be invoked on each element.
    /// - returns: An observable sequence containing the accumulated values.
    public func scan<A>(_ seed: A, accumulator: @escaping (A, Element) throws -> A) -> Observable<A> {
        Scan(source: self.asObservable(), seed: seed) { accumulated, element in
            accumulated = try accumulator(accumulated, element)
        }
    }
}

private final class ScanSink<Element, Observer: ObserverType>: ParentSink<Scan<Element, Observer.Element>, Observer>,
    ObserverType, @unchecked Sendable
{
    typealias Accumulate = Observer.Element
    typealias Parent = Scan<Element, Accumulate>

    // Per-element state, serialized by the Rx contract: no dynamic exclusivity check (a thread-local lookup per access).
    @exclusivity(unchecked) private var accumulate: Accumulate

    override init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.accumulate = parent.seed
        super.init(parent: parent, observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            do {
                try self.parent.accumulator(&self.accumulate, element)
                self.forwardOn(.next(self.accumulate))
            } catch {
                self.forwardError(error)
            }
        case .error, .completed:
            self.forwardStop(event)
        }
    }
}

private final class Scan<Element, Accumulate>: Producer<Accumulate>, @unchecked Sendable {
    typealias Accumulator = (inout Accumulate, Element) throws -> Void

    private let source: Observable<Element>
    fileprivate let seed: Accumulate
    fileprivate let accumulator: Accumulator

    init(source: Observable<Element>, seed: Accumulate, accumulator: @escaping Accumulator) {
        self.source = source
        self.seed = seed
        self.accumulator = accumulator
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Accumulate {
        return subscribed(ScanSink(parent: self, observer: observer, cancel: cancel), to: self.source)
    }
}
