extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Creates a `Single` from an async throwing operation. The operation starts on subscription; disposing the
    /// subscription cancels its task (so an HTTP request made inside it is cancelled too).
    ///
    /// ```swift
    /// let user = Single<User>.create { try await client.fetchUser() }
    /// ```
    ///
    /// - parameter priority: The priority of the task running the operation.
    /// - parameter work: The operation whose result the single emits.
    public static func create(
        priority: TaskPriority? = nil,
        _ work: @Sendable @escaping () async throws -> Element
    ) -> Single<Element> where Element: Sendable {
        create(detached: false, priority: priority, work: work)
    }

    /// RxSwift 6.5's form of `create(priority:_:)`: `detached` runs the operation in a detached task (not
    /// inheriting the caller's task-local values and actor), otherwise the same.
    ///
    /// ```swift
    /// let user = Single<User>.create(detached: true) { try await client.fetchUser() }
    /// ```
    ///
    /// - parameter detached: Whether the operation runs in `Task.detached`.
    /// - parameter priority: The priority of the task running the operation.
    /// - parameter work: The operation whose result the single emits.
    public static func create(
        detached: Bool,
        priority: TaskPriority? = nil,
        work: @Sendable @escaping () async throws -> Element
    ) -> Single<Element> where Element: Sendable {
        .create { observer in
            let sendableObserver = UncheckedSendable(observer)
            let operation: @Sendable () async -> Void = {
                do {
                    let value = try await work()
                    try Task.checkCancellation()
                    sendableObserver.value(.success(value))
                } catch is CancellationError {
                    // Disposed: nothing more is sent.
                } catch {
                    if !Task.isCancelled {
                        sendableObserver.value(.failure(error))
                    }
                }
            }
            let task: Task<Void, Never>
            if detached {
                task = Task.detached(priority: priority, operation: operation)
            } else {
                task = Task(priority: priority, operation: operation)
            }
            return Disposables.create { task.cancel() }
        }
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait, Element: Sendable {
    /// Allows awaiting the success or failure of this `Single` asynchronously via Swift's concurrency features
    /// (`async/await`).
    ///
    /// Cancelling the awaiting task disposes the subscription and throws `CancellationError`.
    ///
    /// ```swift
    /// let value = try await single.value
    /// ```
    public var value: Element {
        get async throws {
            let state = AwaitState<Element>()
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Element, Swift.Error>) in
                    state.start(continuation)
                    let disposable = self.primitiveSequence.subscribe(
                        onSuccess: { state.resume(with: .success($0)) },
                        onFailure: { state.resume(with: .failure($0)) }
                    )
                    state.setSubscription(disposable)
                }
            } onCancel: {
                state.resume(with: .failure(CancellationError()))
            }
        }
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait, Element: Sendable {
    /// Allows awaiting the success or failure of this `Maybe` asynchronously via Swift's concurrency features
    /// (`async/await`). Returns `nil` when it completes without an element.
    public var value: Element? {
        get async throws {
            var iterator = self.primitiveSequence.asObservable().values.makeAsyncIterator()
            return try await iterator.next()
        }
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// Allows awaiting the completion of this `Completable` asynchronously via Swift's concurrency features
    /// (`async/await`).
    public var value: Void {
        get async throws {
            for try await _ in self.primitiveSequence.asObservable().values {}
        }
    }
}

/// Bridges one `Single` subscription to one continuation: resumes it exactly once (with the result or with
/// `CancellationError`), and disposes the subscription when cancelled, whichever order things happen in.
private final class AwaitState<Element: Sendable>: @unchecked Sendable {
    private let lock = RecursiveLock()
    private var continuation: CheckedContinuation<Element, Swift.Error>?
    private var pendingResult: Result<Element, Swift.Error>?
    private var subscription: Disposable?
    private var finished = false

    func start(_ continuation: CheckedContinuation<Element, Swift.Error>) {
        let result = lock.performLocked { () -> Result<Element, Swift.Error>? in
            if let pending = pendingResult {
                pendingResult = nil
                return pending
            }
            self.continuation = continuation
            return nil
        }
        if let result { continuation.resume(with: result) }
    }

    func setSubscription(_ disposable: Disposable) {
        let disposeNow = lock.performLocked { () -> Bool in
            if finished { return true }
            subscription = disposable
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    func resume(with result: Result<Element, Swift.Error>) {
        let (continuation, subscription) = lock.performLocked {
            () -> (CheckedContinuation<Element, Swift.Error>?, Disposable?) in
            if finished { return (nil, nil) }
            finished = true
            let continuation = self.continuation
            if continuation == nil { pendingResult = result }
            self.continuation = nil
            let subscription = self.subscription
            self.subscription = nil
            return (continuation, subscription)
        }
        continuation?.resume(with: result)
        if case .failure(let error) = result, error is CancellationError { subscription?.dispose() }
    }
}
