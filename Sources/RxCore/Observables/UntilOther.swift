/// `skip(until:)` and `take(until:)` with another sequence: one gate that `other`'s first element opens (skip)
/// or closes for good (take). As in RxSwift, an error from `other` fails the result and `other` completing without
/// an element changes nothing.
final class UntilOther<Element, Other>: Producer<Element>, @unchecked Sendable {
    fileprivate let source: Observable<Element>
    fileprivate let other: Observable<Other>
    /// true: `take(until:)` (the gate starts open, `other` completes the result, `other` is subscribed first);
    /// false: `skip(until:)` (the gate starts closed; the source completing while it is closed ends nothing).
    fileprivate let taking: Bool

    init(source: Observable<Element>, other: Observable<Other>, taking: Bool) {
        self.source = source
        self.other = other
        self.taking = taking
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = UntilOtherSink<Other, Observer>(taking: self.taking, observer: observer, cancel: cancel)
        return (sink: sink, subscription: sink.run(source: self.source, other: self.other))
    }
}

/// The sink of `UntilOther`: the source's events pass while the gate is open, under one lock with `other`'s.
private final class UntilOtherSink<Other, Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
{
    typealias Element = Observer.Element

    let lock = RecursiveLock()
    fileprivate let taking: Bool
    fileprivate var open: Bool

    init(taking: Bool, observer: Observer, cancel: Cancelable) {
        self.taking = taking
        self.open = taking
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        self.lock.performLocked {
            switch event {
            case .next:
                if self.open {
                    self.forwardOn(event)
                }
            case .error:
                self.forwardStop(event)
            case .completed:
                if self.open {
                    self.forwardOn(event)
                }
                self.dispose()
            }
        }
    }

    func run(source: Observable<Element>, other: Observable<Other>) -> Disposable {
        let otherObserver = UntilOtherObserver(parent: self)
        let sourceSubscription = SingleAssignmentDisposable()
        if !self.taking {
            sourceSubscription.setDisposable(source.subscribe(self))
        }
        otherObserver.subscription.setDisposable(other.subscribe(otherObserver))
        if self.taking {
            sourceSubscription.setDisposable(source.subscribe(self))
        }
        return self.taking
            ? Disposables.create(otherObserver.subscription, sourceSubscription)
            : Disposables.create(sourceSubscription, otherObserver.subscription)
    }
}

/// Observes `other` for an `UntilOtherSink`: its first element opens the gate (skip) or completes the result (take).
private final class UntilOtherObserver<Other, Observer: ObserverType>: ObserverType {
    typealias Element = Other

    private let parent: UntilOtherSink<Other, Observer>
    let subscription = SingleAssignmentDisposable()

    init(parent: UntilOtherSink<Other, Observer>) {
        self.parent = parent
    }

    func on(_ event: Event<Element>) {
        self.parent.lock.performLocked {
            switch event {
            case .next where self.parent.taking:
                self.parent.forwardStop(Event<Observer.Element>.completed)
            case .next:
                self.parent.open = true
                self.subscription.dispose()
            case .error:
                self.parent.forwardStop(event)
            case .completed:
                self.subscription.dispose()
            }
        }
    }
}
