import Synchronization

/// What `Producer.run` returns: the operator's sink and the subscription that feeds it.
typealias SinkAndSubscription = (sink: Disposable, subscription: Disposable)

/// Subscribes `sink` to `source`: the whole of `Producer.run` for an operator whose sink needs nothing more.
/// Transparent (inlined before any optimisation), so it costs exactly what the two lines it stands for cost.
@_transparent
func subscribed<S: ObserverType & Disposable>(_ sink: S, to source: Observable<S.Element>) -> SinkAndSubscription {
    (sink: sink, subscription: source.subscribe(sink))
}

/// The base of every operator's observable: subscribing runs `run`, which creates the operator's sink, under the
/// current-thread trampoline so that synchronous sources cannot overflow the stack.
class Producer<Element>: Observable<Element>, @unchecked Sendable {
    override init() {
        super.init()
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        if !CurrentThreadScheduler.isScheduleRequired {
            return subscribeNow(observer)
        }
        // The outermost subscription on this thread installs the trampoline (without allocating a scheduled item:
        // this runs for every top-level subscribe).
        return CurrentThreadScheduler.runInstalled { subscribeNow(observer) }
    }

    @inline(__always)
    private func subscribeNow<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        // The returned disposable needs to release all references once it was disposed.
        let disposer = SinkDisposer()
        let sinkAndSubscription = self.run(observer, cancel: disposer)
        disposer.setSinkAndSubscription(sink: sinkAndSubscription.sink, subscription: sinkAndSubscription.subscription)
        return disposer
    }

    func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        rxAbstractMethod()
    }

    /// Runs `sink`, which subscribes to its sources itself: the whole of `run` for such an operator. Not generic:
    /// a generic helper here measurably slowed every subscription (unspecialized metadata and witness lookups),
    /// while this costs one protocol call per subscription of the operators that use it (none per event).
    final func running(_ sink: SelfSubscribingSink) -> SinkAndSubscription {
        (sink: sink, subscription: sink.run())
    }
}

/// A sink that subscribes to its sources itself, in `run()`, returning what disposes those subscriptions.
protocol SelfSubscribingSink: Disposable {
    func run() -> Disposable
}

/// Owns a subscription's sink and its upstream subscription; disposing it disposes both, exactly once, whether
/// disposal comes before or after they were set.
final class SinkDisposer: Cancelable, @unchecked Sendable {
    private struct DisposeState: OptionSet {
        let rawValue: Int
        static let disposed = DisposeState(rawValue: 1 << 0)
        static let sinkAndSubscriptionSet = DisposeState(rawValue: 1 << 1)
    }

    private let state = Atomic<Int>(0)
    // Written once before `sinkAndSubscriptionSet` is published and cleared only by the one disposer that wins
    // `state`: no dynamic exclusivity check (a thread-local lookup per access, on every subscribe and dispose).
    @exclusivity(unchecked) private var sink: Disposable?
    @exclusivity(unchecked) private var subscription: Disposable?

    var isDisposed: Bool {
        state.load(ordering: .acquiring) & DisposeState.disposed.rawValue != 0
    }

    func setSinkAndSubscription(sink: Disposable, subscription: Disposable) {
        self.sink = sink
        self.subscription = subscription

        let previousState = state.bitwiseOr(
            DisposeState.sinkAndSubscriptionSet.rawValue,
            ordering: .acquiringAndReleasing
        ).oldValue
        if (previousState & DisposeState.sinkAndSubscriptionSet.rawValue) != 0 {
            rxFatalError("Sink and subscription were already set")
        }

        if (previousState & DisposeState.disposed.rawValue) != 0 {
            sink.dispose()
            subscription.dispose()
            self.sink = nil
            self.subscription = nil
        }
    }

    func dispose() {
        let previousState = state.bitwiseOr(DisposeState.disposed.rawValue, ordering: .acquiringAndReleasing).oldValue

        if (previousState & DisposeState.disposed.rawValue) != 0 {
            return
        }

        if (previousState & DisposeState.sinkAndSubscriptionSet.rawValue) != 0 {
            guard let sink = self.sink else {
                rxFatalError("Sink not set")
            }
            guard let subscription = self.subscription else {
                rxFatalError("Subscription not set")
            }

            sink.dispose()
            subscription.dispose()

            self.sink = nil
            self.subscription = nil
        }
    }
}
