extension AsyncSequence where Self: Sendable {
    /// Converts an `AsyncSequence` to an `Observable`, as RxSwift 6.5's `asObservable(priority:)` does.
    ///
    /// Iteration runs in a detached task so the subscribing thread is not blocked; use `observe(on:)` to choose
    /// where events are delivered. Each element is emitted as `next`, the end of the sequence as `completed`, a
    /// thrown error as `error` (a `CancellationError` as `completed`); disposing the subscription cancels the task.
    ///
    /// - parameter priority: Priority for the detached task.
    /// - returns: An `Observable` of the async sequence's element type.
    public func asObservable(priority: TaskPriority? = nil) -> Observable<Element> {
        Observable.create { observer in
            let sendableObserver = UncheckedSendable(observer)
            let task = Task.detached(priority: priority) {
                do {
                    for try await value in self {
                        sendableObserver.value.onNext(value)
                    }
                    sendableObserver.value.onCompleted()
                } catch is CancellationError {
                    sendableObserver.value.onCompleted()
                } catch {
                    sendableObserver.value.onError(error)
                }
            }
            return Disposables.create { task.cancel() }
        }
    }
}
