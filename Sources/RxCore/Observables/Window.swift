extension ObservableType {
    /// Projects each element of an observable sequence into a window that is completed when either it's full or
    /// a given amount of time has elapsed.
    ///
    /// - seealso: [window operator on reactivex.io](http://reactivex.io/documentation/operators/window.html)
    ///
    ///     --1-2-3----4------|        window(timeSpan: 5 ticks, count: 2)
    ///     w0: --1-2|
    ///     w1:      -3----|           (completed by its timer)
    ///     w2:            4----|
    ///     w3:                 --|    (completed with the source)
    ///
    /// The first window is sent at subscription. The source subscription lives while the outer sequence or any
    /// window is subscribed.
    ///
    /// - parameter timeSpan: Maximum time length of a window.
    /// - parameter count: Maximum element count of a window.
    /// - parameter scheduler: Scheduler to run windowing timers on.
    /// - returns: An observable sequence of windows (instances of `Observable`).
    public func window(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType)
        -> Observable<Observable<Element>>
    {
        WindowTimeCount(source: asObservable(), parameters: (timeSpan: timeSpan, count: count, scheduler: scheduler))
    }
}

private final class WindowTimeCountSink<Element, Observer: ObserverType>:
    ParentSink<WindowTimeCount<Element>, Observer>, SelfSubscribingSink, ObserverType, @unchecked Sendable
where Observer.Element == Observable<Element>
{
    typealias Parent = WindowTimeCount<Element>

    private let lock = RecursiveLock()
    private let timerDisposable = SerialDisposable()
    private let refCountDisposable: RefCountDisposable
    private let groupDisposable = CompositeDisposable()

    // state, guarded by `lock`
    private var subject = PublishSubject<Element>()
    private var count = 0
    private var windowID = 0

    override init(parent: Parent, observer: Observer, cancel: Cancelable) {
        _ = groupDisposable.insert(timerDisposable)
        refCountDisposable = RefCountDisposable(disposable: groupDisposable)
        super.init(parent: parent, observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        lock.performLocked {
            forwardOn(.next(AddRef(source: subject, parameters: refCountDisposable)))
            createTimer(windowID)
        }
        _ = groupDisposable.insert(parent.source.subscribe(self))
        return refCountDisposable
    }

    func on(_ event: Event<Element>) {
        lock.performLocked {
            switch event {
            case .next(let element):
                subject.on(.next(element))
                count += 1
                if count == parent.parameters.count {
                    count = 0
                    windowID &+= 1
                    startNewWindowAndCompleteCurrentOne()
                    createTimer(windowID)
                }
            case .error(let error):
                subject.on(.error(error))
                forwardOn(.error(error))
                dispose()
            case .completed:
                subject.on(.completed)
                forwardOn(.completed)
                dispose()
            }
        }
    }

    private func startNewWindowAndCompleteCurrentOne() {
        subject.on(.completed)
        subject = PublishSubject<Element>()
        forwardOn(.next(AddRef(source: subject, parameters: refCountDisposable)))
    }

    private func createTimer(_ windowID: Int) {
        if timerDisposable.isDisposed || self.windowID != windowID {
            return
        }
        let (timeSpan, _, scheduler) = parent.parameters
        timerDisposable.scheduleRelative(windowID, dueTime: timeSpan, on: scheduler) { previousWindowID in
            self.lock.performLocked {
                if previousWindowID != self.windowID {
                    return
                }
                self.count = 0
                self.windowID &+= 1
                self.startNewWindowAndCompleteCurrentOne()
                self.createTimer(self.windowID)
            }
        }
    }
}

private final class WindowTimeCount<Element>:
    SourceProducer<Element, Observable<Element>, (timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType)>,
    @unchecked Sendable
{
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Observable<Element> {
        return self.running(WindowTimeCountSink(parent: self, observer: observer, cancel: cancel))
    }
}
