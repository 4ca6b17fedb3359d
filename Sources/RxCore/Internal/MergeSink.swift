/// The state machine shared by `flatMap`, `flatMapFirst` and `merge`: every outer element becomes an inner
/// sequence that is subscribed at once; inner elements are forwarded as they come; the result completes when the
/// outer sequence and every inner sequence have completed; the first error from any of them fails it.
///
/// Events are serialized with a recursive lock, as in RxSwift, so inner sequences may emit from different
/// threads. When the outer sequence completes its subscription is released at once, while inners keep running.
class MergeSink<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>: Sink<Observer>,
    ObserverType, @unchecked Sendable
where Observer.Element == SourceSequence.Element {
    typealias Element = SourceElement
    typealias ResultType = Observer.Element

    let lock = RecursiveLock()

    private let group = CompositeDisposable()
    private let sourceSubscription = SingleAssignmentDisposable()

    /// The number of inner sequences that have not completed yet, guarded by `lock`.
    private(set) var activeCount = 0
    private var stopped = false

    /// Whether the next outer element should be mapped and subscribed; called under `lock`.
    var subscribeNext: Bool { true }

    /// Maps an outer element to the inner sequence to subscribe; called under `lock`.
    func performMap(_ element: SourceElement) throws -> SourceSequence {
        rxAbstractMethod()
    }

    func run(_ source: Observable<SourceElement>) -> Disposable {
        _ = self.group.insert(self.sourceSubscription)
        self.sourceSubscription.setDisposable(source.subscribe(self))
        return self.group
    }

    /// Subscribes a fixed list of inner sequences at once, in order (the static `merge`).
    func run(sources: [SourceSequence]) -> Disposable {
        self.lock.performLocked {
            self.activeCount += sources.count
        }
        for source in sources {
            self.subscribeInner(source.asObservable())
        }
        self.lock.performLocked {
            self.stopped = true
            self.checkCompleted()
        }
        return self.group
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            if let inner = self.nextElementArrived(element) {
                self.subscribeInner(inner.asObservable())
            }
        case .error(let error):
            self.lock.performLocked {
                self.forwardOn(.error(error))
                self.dispose()
            }
        case .completed:
            self.lock.performLocked {
                self.stopped = true
                self.sourceSubscription.dispose()
                self.checkCompleted()
            }
        }
    }

    private func nextElementArrived(_ element: SourceElement) -> SourceSequence? {
        self.lock.performLocked {
            guard self.subscribeNext else { return nil }
            do {
                let inner = try self.performMap(element)
                self.activeCount += 1
                return inner
            } catch let error {
                self.forwardOn(.error(error))
                self.dispose()
                return nil
            }
        }
    }

    private func subscribeInner(_ source: Observable<ResultType>) {
        let innerSubscription = SingleAssignmentDisposable()
        guard let disposeKey = self.group.insert(innerSubscription) else { return }
        let observer = MergeSinkInner(parent: self, disposeKey: disposeKey)
        innerSubscription.setDisposable(source.subscribe(observer))
    }

    fileprivate func innerOn(_ event: Event<ResultType>, disposeKey: CompositeDisposable.DisposeKey) {
        self.lock.performLocked {
            switch event {
            case .next:
                self.forwardOn(event)
            case .error:
                self.forwardOn(event)
                self.dispose()
            case .completed:
                self.group.remove(for: disposeKey)
                self.activeCount -= 1
                self.checkCompleted()
            }
        }
    }

    private func checkCompleted() {
        if self.stopped && self.activeCount == 0 {
            self.forwardOn(.completed)
            self.dispose()
        }
    }
}

/// Observes one inner sequence of a `MergeSink`.
private final class MergeSinkInner<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    ObserverType
where Observer.Element == SourceSequence.Element {
    typealias Element = Observer.Element
    typealias Parent = MergeSink<SourceElement, SourceSequence, Observer>

    private let parent: Parent
    private let disposeKey: CompositeDisposable.DisposeKey

    init(parent: Parent, disposeKey: CompositeDisposable.DisposeKey) {
        self.parent = parent
        self.disposeKey = disposeKey
    }

    func on(_ event: Event<Element>) {
        self.parent.innerOn(event, disposeKey: self.disposeKey)
    }
}
