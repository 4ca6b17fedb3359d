extension ObservableType {
    /// Projects each element of an observable sequence into a buffer that's sent out when either it's full or a
    /// given amount of time has elapsed, using the specified scheduler to run timers.
    ///
    /// A useful real-world analogy of this overload is the behavior of a ferry leaving the dock when all seats
    /// are taken, or at the scheduled time of departure, whichever event occurs first.
    ///
    /// - seealso: [buffer operator on reactivex.io](http://reactivex.io/documentation/operators/buffer.html)
    ///
    ///     --1-2-3----4--------|          buffer(timeSpan: 5 ticks, count: 2)
    ///     ---[1,2]-[3]--[4]--[]-[]       (each buffer restarts the timer; the last buffer goes out on completion)
    ///
    /// Buffers are sent when the timer fires even if they are empty; the (possibly empty) current buffer is sent
    /// before the completion.
    ///
    /// - parameter timeSpan: Maximum time length of a buffer.
    /// - parameter count: Maximum element count of a buffer.
    /// - parameter scheduler: Scheduler to run buffering timers on.
    /// - returns: An observable sequence of buffers.
    public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<[Element]> {
        BufferTimeCount(source: asObservable(), parameters: (timeSpan: timeSpan, count: count, scheduler: scheduler))
    }
}

private final class BufferTimeCountSink<Element, Observer: ObserverType>:
    ParentSink<BufferTimeCount<Element>, Observer>, SelfSubscribingSink, ObserverType, @unchecked Sendable
where Observer.Element == [Element]
{
    private let lock = RecursiveLock()
    private let timerDisposable = SerialDisposable()

    // state, guarded by `lock`
    private var buffer = [Element]()
    private var windowID = 0

    func run() -> Disposable {
        lock.performLocked { createTimer(windowID) }
        return Disposables.create(timerDisposable, parent.source.subscribe(self))
    }

    func on(_ event: Event<Element>) {
        lock.performLocked {
            switch event {
            case .next(let element):
                buffer.append(element)
                if buffer.count == parent.parameters.count {
                    startNewWindowAndSendCurrentOne()
                }
            case .error(let error):
                buffer = []
                forwardOn(.error(error))
                dispose()
            case .completed:
                forwardLast(buffer)
            }
        }
    }

    private func startNewWindowAndSendCurrentOne() {
        windowID &+= 1
        let windowID = self.windowID
        let buffer = self.buffer
        self.buffer = []
        forwardOn(.next(buffer))
        createTimer(windowID)
    }

    private func createTimer(_ windowID: Int) {
        if timerDisposable.isDisposed || self.windowID != windowID {
            return
        }
        let (timeSpan, _, scheduler) = parent.parameters
        timerDisposable.scheduleRelative(windowID, dueTime: timeSpan, on: scheduler) { previousWindowID in
            self.lock.performLocked {
                if previousWindowID == self.windowID {
                    self.startNewWindowAndSendCurrentOne()
                }
            }
        }
    }
}

private final class BufferTimeCount<Element>:
    SourceProducer<Element, [Element], (timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType)>,
    @unchecked Sendable
{
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == [Element] {
        return self.running(BufferTimeCountSink(parent: self, observer: observer, cancel: cancel))
    }
}
