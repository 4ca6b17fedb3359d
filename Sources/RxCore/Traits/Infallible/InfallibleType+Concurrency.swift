extension InfallibleType where Element: Sendable {
    /// Allows iterating over the values of an Infallible asynchronously via Swift's concurrency features
    /// (`async/await`); the stream cannot throw.
    ///
    /// ```swift
    /// for await value in infallible.values {
    ///     // Handle emitted values
    /// }
    /// ```
    ///
    /// Leaving the loop (or cancelling the task) disposes the subscription. Elements are buffered without bound
    /// while the loop body runs, so no element is dropped.
    public var values: AsyncStream<Element> {
        AsyncStream<Element> { continuation in
            let disposable = self.subscribe(
                onNext: { value in continuation.yield(value) },
                onCompleted: { continuation.finish() },
                onDisposed: { continuation.onTermination = nil }
            )
            continuation.onTermination = { @Sendable _ in
                disposable.dispose()
            }
        }
    }
}
