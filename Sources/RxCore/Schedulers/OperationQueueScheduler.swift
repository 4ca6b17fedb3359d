import Foundation

/// Abstracts the work that needs to be performed on a specific `NSOperationQueue`.
///
/// This scheduler is suitable for cases when there is some bigger chunk of work that needs to be performed in
/// background and you want to fine tune concurrent processing using `maxConcurrentOperationCount`.
public final class OperationQueueScheduler: ImmediateSchedulerType, @unchecked Sendable {
    /// The operation queue work is scheduled on.
    public let operationQueue: OperationQueue
    /// The queue priority given to each scheduled operation.
    public let queuePriority: Operation.QueuePriority

    /// Constructs new instance of `OperationQueueScheduler` that performs work on `operationQueue`.
    ///
    /// - parameter operationQueue: Operation queue targeted to perform work on.
    /// - parameter queuePriority: Queue priority which will be assigned to new operations.
    public init(operationQueue: OperationQueue, queuePriority: Operation.QueuePriority = .normal) {
        self.operationQueue = operationQueue
        self.queuePriority = queuePriority
    }

    /// Schedules an action to be executed recursively.
    ///
    /// - parameter state: State passed to the action to be executed.
    /// - parameter action: Action to execute recursively.
    /// - returns: The disposable object used to cancel the scheduled action (best effort).
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let cancel = SingleAssignmentDisposable()
        let work = UncheckedSendable((state, action))
        let operation = BlockOperation {
            if cancel.isDisposed {
                return
            }
            cancel.setDisposable(work.value.1(work.value.0))
        }
        operation.queuePriority = self.queuePriority
        self.operationQueue.addOperation(operation)
        return cancel
    }
}
