import Synchronization

/// The observer behind `subscribe(onNext:onError:onCompleted:onDisposed:)`: calls the handlers, ignores
/// everything after the first terminal event, and disposes `onTerminate` (the `onDisposed` action) on it.
///
/// It looks at each event once; the generic `AnonymousObserver` route costs a second look (and a second generic
/// metadata lookup) per event.
final class EventHandlersObserver<Element>: ObserverType, @unchecked Sendable {
    // @unchecked: the handlers are immutable; `isStopped` is atomic; the Rx contract serializes `on`.
    private let isStopped = Atomic<Bool>(false)
    private let onNext: ((Element) -> Void)?
    private let onError: ((Swift.Error) -> Void)?
    private let onCompleted: (() -> Void)?
    private let onTerminate: Disposable?

    init(
        onNext: ((Element) -> Void)?,
        onError: ((Swift.Error) -> Void)?,
        onCompleted: (() -> Void)?,
        onTerminate: Disposable?
    ) {
        #if TRACE_RESOURCES
        _ = Resources.incrementTotal()
        #endif
        self.onNext = onNext
        self.onError = onError
        self.onCompleted = onCompleted
        self.onTerminate = onTerminate
    }

    deinit {
        #if TRACE_RESOURCES
        _ = Resources.decrementTotal()
        #endif
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            if !isStopped.load(ordering: .acquiring) {
                onNext?(value)
            }
        case .error(let error):
            if !isStopped.exchange(true, ordering: .acquiringAndReleasing) {
                if let onError {
                    onError(error)
                } else {
                    Hooks.defaultErrorHandler(error)
                }
                onTerminate?.dispose()
            }
        case .completed:
            if !isStopped.exchange(true, ordering: .acquiringAndReleasing) {
                onCompleted?()
                onTerminate?.dispose()
            }
        }
    }
}
