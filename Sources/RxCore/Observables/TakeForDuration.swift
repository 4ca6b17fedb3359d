extension ObservableType {
    /// Takes elements for the specified duration from the start of the observable source sequence, using the
    /// specified scheduler to run timers.
    ///
    /// - seealso: [take operator on reactivex.io](http://reactivex.io/documentation/operators/take.html)
    ///
    ///     --1--2--3--4--5--|       take(for: 8 ticks)
    ///     --1--2--|
    ///
    /// The timer starts at subscription; when it fires the sequence completes and the source is disposed.
    ///
    /// - parameter duration: Duration for taking elements from the start of the sequence.
    /// - parameter scheduler: Scheduler to run the timer on.
    /// - returns: An observable sequence with the elements taken during the specified duration from the start of
    ///   the source sequence.
    public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        TakeForDuration(source: asObservable(), duration: duration, scheduler: scheduler)
    }
}

private final class TakeForDurationSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element
    typealias Parent = TakeForDuration<Element>

    private let parent: Parent
    private let lock = RecursiveLock()

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        lock.performLocked {
            switch event {
            case .next:
                forwardOn(event)
            case .error, .completed:
                forwardOn(event)
                dispose()
            }
        }
    }

    func run() -> Disposable {
        let timer = parent.scheduler.scheduleRelative(self, dueTime: parent.duration) { sink in
            sink.tick()
            return Disposables.create()
        }
        let subscription = parent.source.subscribe(self)
        return Disposables.create(timer, subscription)
    }

    private func tick() {
        lock.performLocked {
            forwardOn(.completed)
            dispose()
        }
    }
}

private final class TakeForDuration<Element>: Producer<Element>, @unchecked Sendable {
    let source: Observable<Element>
    let duration: RxTimeInterval
    let scheduler: SchedulerType

    init(source: Observable<Element>, duration: RxTimeInterval, scheduler: SchedulerType) {
        self.source = source
        self.duration = duration
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        let sink = TakeForDurationSink(parent: self, observer: observer, cancel: cancel)
        return (sink: sink, subscription: sink.run())
    }
}
