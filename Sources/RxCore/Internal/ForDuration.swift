/// What `take(for:scheduler:)` and `skip(for:scheduler:)` do when their timer fires: complete, or start letting
/// elements through.
enum ForDurationMode {
    case take
    case skip
}

/// The sink of `take(for:)` / `skip(for:)`: a timer started at subscription ends the window. Terminal events are
/// forwarded whenever they come.
private final class ForDurationSink<Observer: ObserverType>: ParentSink<ForDuration<Observer.Element>, Observer>,
    SelfSubscribingSink, ObserverType, @unchecked Sendable
{
    typealias Element = Observer.Element

    private let lock = RecursiveLock()
    // state, guarded by `lock`: whether elements pass (from the start for `take`, after the timer for `skip`)
    private var isOpen: Bool

    override init(parent: ForDuration<Element>, observer: Observer, cancel: Cancelable) {
        self.isOpen = parent.parameters.mode == .take
        super.init(parent: parent, observer: observer, cancel: cancel)
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
        let (_, duration, scheduler) = parent.parameters
        let timer = scheduler.scheduleRelative(self, dueTime: duration) { sink in
            sink.tick()
            return Disposables.create()
        }
        let subscription = parent.source.subscribe(self)
        return Disposables.create(timer, subscription)
    }

    private func tick() {
        lock.performLocked {
            switch parent.parameters.mode {
            case .take:
                forwardOn(.completed)
                dispose()
            case .skip:
                isOpen = true
            }
        }
    }
}

/// The producer of `take(for:scheduler:)` and `skip(for:scheduler:)`.
final class ForDuration<Element>:
    SourceProducer<Element, Element, (mode: ForDurationMode, duration: RxTimeInterval, scheduler: SchedulerType)>,
    @unchecked Sendable
{
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        return self.running(ForDurationSink(parent: self, observer: observer, cancel: cancel))
    }
}
