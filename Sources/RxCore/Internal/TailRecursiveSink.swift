/// Base of the sinks that subscribe to a sequence of observables one after another: `concat`, `retry`,
/// `catch(sequence)` and `retry(when:)`.
///
/// Sources are taken from the sequence lazily, one at a time, when `moveNext()` is called. Moving on is
/// trampolined: a `moveNext()` issued while another one is running (a source that completes synchronously inside
/// `subscribe`, or on another thread) is counted and performed by the running loop, so a long chain of
/// synchronous sources neither grows the stack nor runs two subscriptions at once.
class TailRecursiveSink<Sources: Sequence, Observer: ObserverType>: Sink<Observer>, @unchecked Sendable
where Sources.Element: ObservableConvertibleType, Sources.Element.Element == Observer.Element {
    typealias Element = Observer.Element

    private let gate = RecursiveLock()
    private var iterator: Sources.Iterator
    private var isMoving = false
    private var pendingMoves = 0

    /// Holds the current source's subscription; assigning the next one disposes the previous one.
    let currentSubscription = SerialDisposable()

    init(sources: Sources, observer: Observer, cancel: Cancelable) {
        self.iterator = sources.makeIterator()
        super.init(observer: observer, cancel: cancel)
    }

    /// Subscribes to the first source; the returned disposable cancels whichever source is current.
    func run() -> Disposable {
        self.moveNext()
        return self.currentSubscription
    }

    /// Subscribes to the next source, or calls `done()` when the sequence is exhausted.
    final func moveNext() {
        let startLoop = gate.performLocked { () -> Bool in
            pendingMoves += 1
            if isMoving { return false }
            isMoving = true
            return true
        }
        guard startLoop else { return }

        while true {
            let proceed = gate.performLocked { () -> Bool in
                if pendingMoves == 0 {
                    isMoving = false
                    return false
                }
                pendingMoves -= 1
                return true
            }
            guard proceed else { return }
            if self.isDisposed { return }

            guard let next = self.iterator.next() else {
                self.done()
                return
            }
            self.currentSubscription.disposable = self.subscribeToNext(next.asObservable())
        }
    }

    /// Subscribes an observer of the subclass's choosing to `source`; it calls `moveNext()` to continue.
    func subscribeToNext(_ source: Observable<Element>) -> Disposable {
        rxAbstractMethod()
    }

    /// Called when the sequence of sources is exhausted; completes by default.
    func done() {
        self.forwardOn(.completed)
        self.dispose()
    }
}
