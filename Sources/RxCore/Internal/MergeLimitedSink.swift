/// The state machine shared by `merge(maxConcurrent:)`, `concatMap` and `concat()`.
///
/// Like `MergeSink`, but at most `maxConcurrent` inner sequences are subscribed at a time; the others wait in a
/// queue, in arrival order, and are subscribed as running ones complete. With `maxConcurrent == 1` this is
/// `concat`.
final class MergeLimitedSink<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    Sink<Observer>, ObserverType, @unchecked Sendable
where Observer.Element == SourceSequence.Element {
    typealias Element = SourceElement
    typealias ResultType = Observer.Element

    let lock = RecursiveLock()

    private let maxConcurrent: Int
    /// Maps an outer element to its inner sequence; called under `lock`.
    private let selector: (SourceElement) throws -> SourceSequence
    private let group = CompositeDisposable()
    private let sourceSubscription = SingleAssignmentDisposable()

    // state, guarded by `lock`
    private var stopped = false
    private var activeCount = 0
    private var queue = Queue<SourceSequence>()

    init(
        maxConcurrent: Int,
        selector: @escaping (SourceElement) throws -> SourceSequence,
        observer: Observer,
        cancel: Cancelable
    ) {
        self.maxConcurrent = maxConcurrent
        self.selector = selector
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<SourceElement>) -> Disposable {
        _ = self.group.insert(self.sourceSubscription)
        self.sourceSubscription.setDisposable(source.subscribe(self))
        return self.group
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            let subscribeNow = self.lock.performLocked { () -> SourceSequence? in
                let inner: SourceSequence
                do {
                    inner = try self.selector(element)
                } catch {
                    self.forwardError(error)
                    return nil
                }
                if self.activeCount < self.maxConcurrent {
                    self.activeCount += 1
                    return inner
                }
                self.queue.enqueue(inner)
                return nil
            }
            if let inner = subscribeNow {
                self.subscribe(inner)
            }
        case .error:
            self.lock.performLocked {
                self.forwardStop(event)
            }
        case .completed:
            self.lock.performLocked {
                if self.activeCount == 0 {
                    self.forwardStop(event)
                } else {
                    self.sourceSubscription.dispose()
                }
                self.stopped = true
            }
        }
    }

    private func subscribe(_ inner: SourceSequence) {
        let innerSubscription = SingleAssignmentDisposable()
        guard let disposeKey = self.group.insert(innerSubscription) else { return }
        let observer = MergeLimitedSinkInner(parent: self, disposeKey: disposeKey)
        innerSubscription.setDisposable(inner.asObservable().subscribe(observer))
    }

    fileprivate func innerOn(_ event: Event<ResultType>, disposeKey: CompositeDisposable.DisposeKey) {
        self.lock.performLocked {
            switch event {
            case .next:
                self.forwardOn(event)
            case .error:
                self.forwardStop(event)
            case .completed:
                self.group.remove(for: disposeKey)
                if let next = self.queue.dequeue() {
                    self.subscribe(next)
                } else {
                    self.activeCount -= 1
                    if self.stopped && self.activeCount == 0 {
                        self.forwardOn(.completed)
                        self.dispose()
                    }
                }
            }
        }
    }
}

/// Observes one inner sequence of a `MergeLimitedSink`.
private final class MergeLimitedSinkInner<
    SourceElement,
    SourceSequence: ObservableConvertibleType,
    Observer: ObserverType
>: ObserverType
where Observer.Element == SourceSequence.Element {
    typealias Element = Observer.Element
    typealias Parent = MergeLimitedSink<SourceElement, SourceSequence, Observer>

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
