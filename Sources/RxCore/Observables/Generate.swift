extension ObservableType {
    /// Generates an observable sequence by running a state-driven loop producing the sequence's elements, using
    /// the specified scheduler to run the loop and send out observer messages.
    ///
    /// - seealso: [create operator on reactivex.io](http://reactivex.io/documentation/operators/create.html)
    ///
    ///     Observable.generate(initialState: 1, condition: { $0 < 20 }, iterate: { $0 * 3 })
    ///     1-3-9-|
    ///
    /// An error thrown by `condition` or `iterate` terminates the sequence with that error.
    ///
    /// - parameter initialState: Initial state.
    /// - parameter condition: Condition to terminate generation (upon returning `false`).
    /// - parameter scheduler: Scheduler on which to run the generator loop.
    /// - parameter iterate: Iteration step function.
    /// - returns: The generated sequence.
    public static func generate(
        initialState: Element,
        condition: @escaping (Element) throws -> Bool,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance,
        iterate: @escaping (Element) throws -> Element
    ) -> Observable<Element> {
        Generate(parameters: (initialState: initialState, condition: condition, iterate: iterate, scheduler: scheduler))
    }
}

private final class GenerateSink<Observer: ObserverType>:
    ParentSink<Generate<Observer.Element>, Observer>, SelfSubscribingSink, GeneratorSink, @unchecked Sendable
{
    typealias Element = Observer.Element
    typealias Parent = Generate<Element>

    private let condition: (Element) throws -> Bool
    private let iterate: (Element) throws -> Element
    private var state: Element
    private var isFirst = true

    override init(parent: Parent, observer: Observer, cancel: Cancelable) {
        (self.state, self.condition, self.iterate, _) = parent.parameters
        super.init(parent: parent, observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        self.runGenerator(on: self.parent.parameters.scheduler)
    }

    func step() -> Bool {
        do {
            if !self.isFirst {
                self.state = try self.iterate(self.state)
            }
            self.isFirst = false
            if try self.condition(self.state) {
                self.forwardOn(.next(self.state))
                return true
            }
            self.forwardOn(.completed)
        } catch let error {
            self.forwardOn(.error(error))
        }
        self.dispose()
        return false
    }
}

private final class Generate<Element>:
    ParametersProducer<
        Element,
        (
            initialState: Element,
            condition: (Element) throws -> Bool,
            iterate: (Element) throws -> Element,
            scheduler: ImmediateSchedulerType
        )
    >,
    @unchecked Sendable
{
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        self.running(GenerateSink(parent: self, observer: observer, cancel: cancel))
    }
}
