extension ObservableConvertibleType where Element: Sendable {
    /// Allows iterating over the values of an Observable asynchronously via Swift's concurrency features
    /// (`async/await`).
    ///
    /// A sample usage would look like so:
    ///
    /// ```swift
    /// do {
    ///     for try await value in observable.values {
    ///         // Handle emitted values
    ///     }
    /// } catch {
    ///     // Handle error
    /// }
    /// ```
    ///
    /// Leaving the loop (or cancelling the task) disposes the subscription. Elements are buffered without bound
    /// while the loop body runs, so no element is dropped.
    public var values: AsyncThrowingStream<Element, Swift.Error> {
        AsyncThrowingStream<Element, Swift.Error> { continuation in
            let disposable = asObservable().subscribe(
                onNext: { value in continuation.yield(value) },
                onError: { error in continuation.finish(throwing: error) },
                onCompleted: { continuation.finish() },
                onDisposed: { continuation.onTermination = nil }
            )
            continuation.onTermination = { @Sendable _ in
                disposable.dispose()
            }
        }
    }
}

extension ObservableType {
    /// Creates an `Observable` from an `AsyncSequence`: each element is emitted as `next`, the end of the sequence
    /// as `completed`, a thrown error as `error`. Disposing the subscription cancels the iterating task.
    ///
    /// - parameter asyncSequence: The sequence to iterate.
    /// - returns: An observable sequence of the async sequence's elements.
    public static func from<Sequence: AsyncSequence & Sendable>(_ asyncSequence: Sequence) -> Observable<Element>
    where Sequence.Element == Element {
        Observable.create { observer in
            let sendableObserver = UncheckedSendable(observer)
            let task = Task {
                do {
                    for try await value in asyncSequence {
                        try Task.checkCancellation()
                        sendableObserver.value.onNext(value)
                    }
                    sendableObserver.value.onCompleted()
                } catch is CancellationError {
                    // Disposed: nothing more is sent.
                } catch {
                    sendableObserver.value.onError(error)
                }
            }
            return Disposables.create { task.cancel() }
        }
    }
}
