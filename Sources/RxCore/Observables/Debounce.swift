extension ObservableType {
    /// Ignores elements from an observable sequence which are followed by another element within a specified
    /// relative time duration, using the specified scheduler to run throttling timers.
    ///
    /// - seealso: [debounce operator on reactivex.io](http://reactivex.io/documentation/operators/debounce.html)
    ///
    ///     --1-2-----3--4-5------|      debounce(3 ticks)
    ///     -------2--------5-----|
    ///
    /// Each element restarts the timer; an element still pending when the source completes is sent right before
    /// the completion, while an error drops it.
    ///
    /// - parameter dueTime: Throttling duration for each element.
    /// - parameter scheduler: Scheduler to run the throttle timers on.
    /// - returns: The throttled sequence.
    public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        Debounce(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
    }
}

private final class DebounceSink<Observer: ObserverType>: ParentSink<Debounce<Observer.Element>, Observer>,
    SelfSubscribingSink, ObserverType, @unchecked Sendable
{
    typealias Element = Observer.Element

    private let lock = RecursiveLock()
    private let cancellable = SerialDisposable()

    // state, guarded by `lock`
    private var id: UInt64 = 0
    private var value: Element?

    func run() -> Disposable {
        let subscription = parent.source.subscribe(self)
        return Disposables.create(subscription, cancellable)
    }

    func on(_ event: Event<Element>) {
        lock.performLocked {
            switch event {
            case .next(let element):
                id &+= 1
                let currentId = id
                value = element

                cancellable.scheduleRelative(currentId, dueTime: parent.dueTime, on: parent.scheduler) { currentId in
                    self.propagate(currentId)
                }
            case .error:
                value = nil
                forwardOn(event)
                dispose()
            case .completed:
                if let value {
                    self.value = nil
                    forwardOn(.next(value))
                }
                forwardOn(.completed)
                dispose()
            }
        }
    }

    private func propagate(_ currentId: UInt64) {
        lock.performLocked {
            if let value, id == currentId {
                self.value = nil
                forwardOn(.next(value))
            }
        }
    }
}

private final class Debounce<Element>: TimedProducer<Element>, @unchecked Sendable {
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        return self.running(DebounceSink(parent: self, observer: observer, cancel: cancel))
    }
}
