extension ObservableType {
    /// Skips elements for the specified duration from the start of the observable source sequence, using the
    /// specified scheduler to run timers.
    ///
    /// - seealso: [skip operator on reactivex.io](http://reactivex.io/documentation/operators/skip.html)
    ///
    ///     --1--2--3--4--5--|       skip(for: 8 ticks)
    ///     ---------3--4--5--|
    ///
    /// Terminal events are forwarded whenever they come, also while skipping.
    ///
    /// - parameter duration: Duration for skipping elements from the start of the sequence.
    /// - parameter scheduler: Scheduler to run the timer on.
    /// - returns: An observable sequence with the elements skipped during the specified duration from the start
    ///   of the source sequence.
    public func skip(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        SkipForDuration(source: asObservable(), duration: duration, scheduler: scheduler)
    }
}

private final class SkipForDurationSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element
    typealias Parent = SkipForDuration<Element>

    private let parent: Parent
    private let lock = RecursiveLock()

    // state, guarded by `lock`
    private var isOpen = false

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        lock.performLocked {
            switch event {
            case .next:
                if isOpen {
                    forwardOn(event)
                }
            case .error, .completed:
                forwardOn(event)
                dispose()
            }
        }
    }

    func run() -> Disposable {
        let timer = parent.scheduler.scheduleRelative(self, dueTime: parent.duration) { sink in
            sink.lock.performLocked { sink.isOpen = true }
            return Disposables.create()
        }
        let subscription = parent.source.subscribe(self)
        return Disposables.create(timer, subscription)
    }
}

private final class SkipForDuration<Element>: Producer<Element>, @unchecked Sendable {
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
        let sink = SkipForDurationSink(parent: self, observer: observer, cancel: cancel)
        return (sink: sink, subscription: sink.run())
    }
}
