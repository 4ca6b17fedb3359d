extension ObservableType {
    /// Creates an observable sequence that emits the given elements in order, then completes.
    ///
    /// - seealso: [from operator on reactivex.io](http://reactivex.io/documentation/operators/from.html)
    ///
    ///     Observable.of(1, 2, 3)
    ///     1-2-3-|
    ///
    /// Each element is a separate unit of work on `scheduler`. On the default `CurrentThreadScheduler`, two such
    /// sequences subscribed in the same unit of work therefore interleave (`merge(of(1, 2), of(3, 4))` emits
    /// 1, 3, 2, 4), exactly as in RxSwift.
    ///
    /// - parameter elements: Elements to generate.
    /// - parameter scheduler: Scheduler to send elements on.
    /// - returns: The observable sequence whose elements are pulled from the given arguments.
    public static func of(
        _ elements: Element...,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        ObservableArray(elements: elements, scheduler: scheduler)
    }

    /// Converts an array to an observable sequence.
    ///
    /// - seealso: [from operator on reactivex.io](http://reactivex.io/documentation/operators/from.html)
    ///
    ///     Observable.from([1, 2, 3])
    ///     1-2-3-|
    ///
    /// - parameter array: The elements to emit, in order.
    /// - parameter scheduler: Scheduler to send the elements on.
    /// - returns: The observable sequence whose elements are pulled from the given enumerable sequence.
    public static func from(
        _ array: [Element],
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        ObservableArray(elements: array, scheduler: scheduler)
    }

    /// Converts a sequence to an observable sequence.
    ///
    /// - seealso: [from operator on reactivex.io](http://reactivex.io/documentation/operators/from.html)
    ///
    ///     Observable.from(1...3)
    ///     1-2-3-|
    ///
    /// The sequence is iterated lazily, one element per unit of work, and anew for every subscription.
    ///
    /// - parameter sequence: The elements to emit, in order.
    /// - parameter scheduler: Scheduler to send the elements on.
    /// - returns: The observable sequence whose elements are pulled from the given enumerable sequence.
    public static func from<Source: Swift.Sequence>(
        _ sequence: Source,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> where Source.Element == Element {
        ObservableSequence(parameters: (elements: sequence, scheduler: scheduler))
    }
}

private final class ObservableSequenceSink<Source: Swift.Sequence, Observer: ObserverType>:
    ParentSink<ObservableSequence<Source>, Observer>, SelfSubscribingSink, GeneratorSink, @unchecked Sendable
where Source.Element == Observer.Element
{
    typealias Parent = ObservableSequence<Source>

    // Per-element state, serialized by the Rx contract: no dynamic exclusivity check (a thread-local lookup per access).
    @exclusivity(unchecked) private var iterator: Source.Iterator

    override init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.iterator = parent.parameters.elements.makeIterator()
        super.init(parent: parent, observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        self.runGenerator(on: self.parent.parameters.scheduler)
    }

    func step() -> Bool {
        if let element = self.iterator.next() {
            self.forwardOn(.next(element))
            return true
        }
        self.forwardOn(.completed)
        self.dispose()
        return false
    }
}

private final class ObservableSequence<Source: Swift.Sequence>:
    ParametersProducer<Source.Element, (elements: Source, scheduler: ImmediateSchedulerType)>, @unchecked Sendable
{
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        self.running(ObservableSequenceSink(parent: self, observer: observer, cancel: cancel))
    }
}

/// `of` and `from(_ array:)`: steps through the array by index. Generic iteration (`Sequence.Iterator`) runs
/// through protocol witnesses in unspecialized code; indexing an array does not.
private final class ObservableArraySink<Observer: ObserverType>:
    ParentSink<ObservableArray<Observer.Element>, Observer>, GeneratorSink, @unchecked Sendable
{
    // Per-element state, serialized by the Rx contract: no dynamic exclusivity check (a thread-local lookup per access).
    @exclusivity(unchecked) private var index = 0

    func run() -> Disposable {
        self.runGenerator(on: self.parent.scheduler)
    }

    func step() -> Bool {
        if index < parent.elements.count {
            let element = parent.elements[index]
            index += 1
            self.forwardOn(.next(element))
            return true
        }
        self.forwardOn(.completed)
        self.dispose()
        return false
    }
}

private final class ObservableArray<Element>: Producer<Element>, @unchecked Sendable {
    fileprivate let elements: [Element]
    fileprivate let scheduler: ImmediateSchedulerType

    init(elements: [Element], scheduler: ImmediateSchedulerType) {
        self.elements = elements
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = ObservableArraySink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
