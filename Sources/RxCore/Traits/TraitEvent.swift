/// A trait's event (`SingleEvent`, `MaybeEvent`, `CompletableEvent`) as the observable events it stands for: the
/// traits' `create` and `subscribe(_:)` are one conversion each way, written once here.
protocol TraitEvent {
    associatedtype Element

    /// The event for the first observable event a trait's subscriber sees (the only one it is given).
    init(first event: Event<Element>)

    /// The element this event carries, if any, and the terminal observable event that follows it.
    var observableEvents: (element: Element?, stop: Event<Element>) { get }
}

extension PrimitiveSequence {
    /// A trait sequence whose subscription runs `subscribe`, turning the trait events it is given into the
    /// observable events they stand for: the body of every trait's `create`.
    static func create<TraitEventType: TraitEvent>(
        traitEvents subscribe: @escaping (@escaping (TraitEventType) -> Void) -> Disposable
    ) -> PrimitiveSequence<Trait, Element> where TraitEventType.Element == Element {
        let source = Observable<Element>.create { observer in
            subscribe { event in
                let (element, stop) = event.observableEvents
                if let element {
                    observer.on(.next(element))
                }
                observer.on(stop)
            }
        }
        return PrimitiveSequence(raw: source)
    }

    /// Subscribes `observer` to the first event of this sequence, as a trait event: the body of every trait's
    /// `subscribe(_:)`.
    func subscribe<TraitEventType: TraitEvent>(traitEvents observer: @escaping (TraitEventType) -> Void) -> Disposable
    where TraitEventType.Element == Element {
        var stopped = false
        return self.source.subscribe { event in
            if stopped { return }
            stopped = true
            observer(TraitEventType(first: event))
        }
    }

    /// Subscribes `handler` to the first event of this sequence, as a trait event, and runs `onDisposed` once the
    /// subscription ends, by that event or by disposal: the body of every trait's `subscribe(on…:onDisposed:)`.
    func subscribe<TraitEventType: TraitEvent>(
        onDisposed: (() -> Void)?,
        handler: @escaping (TraitEventType) -> Void
    ) -> Disposable where TraitEventType.Element == Element {
        let disposable = disposableRunning(onDisposed)
        let subscription = self.subscribe(traitEvents: { (event: TraitEventType) in
            handler(event)
            disposable.dispose()
        })
        return Disposables.create(subscription, disposable)
    }
}

extension Result: TraitEvent where Failure == Swift.Error {
    typealias Element = Success

    init(first event: Event<Success>) {
        switch event {
        case .next(let element): self = .success(element)
        case .error(let error): self = .failure(error)
        case .completed: rxFatalError("Singles can't emit a completion event")
        }
    }

    var observableEvents: (element: Success?, stop: Event<Success>) {
        switch self {
        case .success(let element): (element, .completed)
        case .failure(let error): (nil, .error(error))
        }
    }
}

extension MaybeEvent: TraitEvent {
    init(first event: Event<Element>) {
        switch event {
        case .next(let element): self = .success(element)
        case .error(let error): self = .error(error)
        case .completed: self = .completed
        }
    }

    var observableEvents: (element: Element?, stop: Event<Element>) {
        switch self {
        case .success(let element): (element, .completed)
        case .error(let error): (nil, .error(error))
        case .completed: (nil, .completed)
        }
    }
}

extension CompletableEvent: TraitEvent {
    typealias Element = Swift.Never

    init(first event: Event<Swift.Never>) {
        switch event {
        case .next: rxFatalError("Completables can't emit values")
        case .error(let error): self = .error(error)
        case .completed: self = .completed
        }
    }

    var observableEvents: (element: Swift.Never?, stop: Event<Swift.Never>) {
        switch self {
        case .error(let error): (nil, .error(error))
        case .completed: (nil, .completed)
        }
    }
}
