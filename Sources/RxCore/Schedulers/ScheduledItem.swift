/// A unit of work on the trampoline. Class-bound, so the queue holds plain references rather than opaque
/// existential boxes copied through value witnesses.
protocol ScheduledItemType: AnyObject, Cancelable {
    func invoke()
}

/// A unit of work queued on a scheduler: runs its action at most once, unless disposed first.
final class ScheduledItem<T>: ScheduledItemType, @unchecked Sendable {
    typealias Action = (T) -> Disposable

    private let action: Action
    private let state: T
    private let disposable = SingleAssignmentDisposable()

    var isDisposed: Bool { disposable.isDisposed }

    init(action: @escaping Action, state: T) {
        self.action = action
        self.state = state
    }

    func invoke() {
        disposable.setDisposable(action(state))
    }

    func dispose() {
        disposable.dispose()
    }
}
