extension ObservableType {
    /// Propagates the observable sequence that reacts first.
    ///
    /// - seealso: [amb operator on reactivex.io](http://reactivex.io/documentation/operators/amb.html)
    ///
    ///     left:   -----1--2--|
    ///     right:  --3-----4--|
    ///     result: --3-----4--|      left.amb(right)
    ///
    /// The first source to send any event — element, error or completion — wins; the other is unsubscribed at
    /// once.
    ///
    /// - parameter right: Second observable sequence.
    /// - returns: An observable sequence that surfaces either of the given sequences, whichever reacted first.
    public func amb<O2: ObservableType>(_ right: O2) -> Observable<Element> where O2.Element == Element {
        Amb(parameters: (left: self.asObservable(), right: right.asObservable()))
    }

    /// Propagates the observable sequence that reacts first.
    ///
    /// - seealso: [amb operator on reactivex.io](http://reactivex.io/documentation/operators/amb.html)
    ///
    ///     Observable.amb([slow, fast])   // the events of `fast`
    ///
    /// An empty sequence of sources gives a sequence that never emits.
    ///
    /// - returns: An observable sequence that surfaces any of the given sequences, whichever reacted first.
    public static func amb<Sources: Sequence>(_ sequence: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element> {
        sequence.reduce(Observable<Element>.never()) { accumulated, next in
            accumulated.amb(next)
        }
    }
}

private enum AmbState {
    case neither
    case left
    case right
}

private final class AmbObserver<Observer: ObserverType>: ObserverType {
    typealias Element = Observer.Element

    private let parent: AmbSink<Observer>
    private let side: AmbState

    init(parent: AmbSink<Observer>, side: AmbState) {
        self.parent = parent
        self.side = side
    }

    func on(_ event: Event<Element>) {
        self.parent.on(event, from: self.side)
    }
}

private final class AmbSink<Observer: ObserverType>:
    ParentSink<Amb<Observer.Element>, Observer>, SelfSubscribingSink, @unchecked Sendable
{
    typealias Element = Observer.Element

    private let lock = RecursiveLock()
    private var choice = AmbState.neither
    private let leftSubscription = SingleAssignmentDisposable()
    private let rightSubscription = SingleAssignmentDisposable()

    func run() -> Disposable {
        let (left, right) = self.parent.parameters
        self.leftSubscription.setDisposable(left.subscribe(AmbObserver(parent: self, side: .left)))
        self.rightSubscription.setDisposable(right.subscribe(AmbObserver(parent: self, side: .right)))
        return Disposables.create(self.leftSubscription, self.rightSubscription)
    }

    fileprivate func on(_ event: Event<Element>, from side: AmbState) {
        self.lock.performLocked {
            if self.choice == .neither {
                self.choice = side
                let loser = side == .left ? self.rightSubscription : self.leftSubscription
                loser.dispose()
            }
            guard self.choice == side else { return }
            self.forwardOn(event)
            if event.isStopEvent {
                self.dispose()
            }
        }
    }
}

private final class Amb<Element>:
    ParametersProducer<Element, (left: Observable<Element>, right: Observable<Element>)>, @unchecked Sendable
{
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        self.running(AmbSink(parent: self, observer: observer, cancel: cancel))
    }
}
