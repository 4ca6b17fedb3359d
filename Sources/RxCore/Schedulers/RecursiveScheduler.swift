import Synchronization

/// Type erased recursive scheduler, as handed to `SchedulerType.scheduleRecursive(_:dueTime:action:)` actions.
public final class AnyRecursiveScheduler<State>: @unchecked Sendable {
    /// The recursive action.
    public typealias Action = (State, AnyRecursiveScheduler<State>) -> Void

    private let lock = RecursiveLock()
    private let group = CompositeDisposable()
    private var scheduler: SchedulerType
    private var action: Action?

    init(scheduler: SchedulerType, action: @escaping Action) {
        self.action = action
        self.scheduler = scheduler
    }

    /// Schedules an action to be executed recursively.
    ///
    /// - parameter state: State passed to the action to be executed.
    /// - parameter dueTime: Relative time after which to execute the recursive action.
    public func schedule(_ state: State, dueTime: RxTimeInterval) {
        scheduleTracked(lock: self.lock, group: self.group) { run in
            self.scheduler.scheduleRelative(state, dueTime: dueTime, action: run)
        } run: { state in
            self.lock.performLocked { self.action }?(state, self)
        }
    }

    /// Schedules an action to be executed recursively.
    ///
    /// - parameter state: State passed to the action to be executed.
    public func schedule(_ state: State) {
        scheduleTracked(lock: self.lock, group: self.group) { run in
            self.scheduler.schedule(state, action: run)
        } run: { state in
            self.lock.performLocked { self.action }?(state, self)
        }
    }

    /// Cancels all scheduled work and releases the action.
    public func dispose() {
        self.lock.performLocked {
            self.action = nil
        }
        self.group.dispose()
    }
}

private enum ScheduleState {
    case initial
    case added(CompositeDisposable.DisposeKey)
    case done
}

/// Type erased recursive scheduler for immediate schedulers.
final class RecursiveImmediateScheduler<State>: @unchecked Sendable {
    typealias Action = (_ state: State, _ recurse: (State) -> Void) -> Void

    private let lock = RecursiveLock()
    private let group = CompositeDisposable()
    private var action: Action?
    private let scheduler: ImmediateSchedulerType

    init(action: @escaping Action, scheduler: ImmediateSchedulerType) {
        self.action = action
        self.scheduler = scheduler
    }

    func schedule(_ state: State) {
        scheduleTracked(lock: self.lock, group: self.group) { run in
            self.scheduler.schedule(state, action: run)
        } run: { state in
            self.lock.performLocked { self.action }?(state, self.schedule)
        }
    }

    func dispose() {
        self.lock.performLocked {
            self.action = nil
        }
        self.group.dispose()
    }
}

/// Periodic work built from recursive scheduling, for schedulers without a native periodic timer.
final class SchedulePeriodicRecursive<State>: @unchecked Sendable {
    typealias RecursiveAction = (State) -> State

    private let scheduler: SchedulerType
    private let startAfter: RxTimeInterval
    private let period: RxTimeInterval
    private let action: RecursiveAction
    private var state: State
    private let pendingTickCount = Atomic<Int>(0)

    init(
        scheduler: SchedulerType,
        startAfter: RxTimeInterval,
        period: RxTimeInterval,
        action: @escaping RecursiveAction,
        state: State
    ) {
        self.scheduler = scheduler
        self.startAfter = startAfter
        self.period = period
        self.action = action
        self.state = state
    }

    func start() -> Disposable {
        self.scheduler.scheduleRecursive(SchedulePeriodicRecursiveCommand.tick, dueTime: self.startAfter) {
            command, scheduler in
            self.tick(command, scheduler: scheduler)
        }
    }

    private func tick(_ command: SchedulePeriodicRecursiveCommand, scheduler: AnyRecursiveScheduler<SchedulePeriodicRecursiveCommand>) {
        // Tries to emulate periodic scheduling as best as possible. The problem that could arise is if handling a
        // periodic tick takes too long, or a tick for some reason comes too late.
        switch command {
        case .tick:
            scheduler.schedule(.tick, dueTime: self.period)
            // The idea is that if on tick there wasn't any item enqueued, schedule to perform work immediately.
            // Else work will be scheduled after the previous enqueued work completes.
            if pendingTickCount.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue == 0 {
                self.tick(.dispatchStart, scheduler: scheduler)
            }
        case .dispatchStart:
            self.state = self.action(self.state)
            // Start work and schedule check is this last batch of work
            if pendingTickCount.wrappingSubtract(1, ordering: .acquiringAndReleasing).oldValue > 1 {
                // This gives priority to scheduler emulation, it's not perfect, but helps
                scheduler.schedule(SchedulePeriodicRecursiveCommand.dispatchStart)
            }
        }
    }
}

private enum SchedulePeriodicRecursiveCommand {
    case tick
    case dispatchStart
}

/// Schedules work through `schedule` and keeps it in `group` until it runs, so disposing the group cancels it;
/// when it runs (and the group is not disposed) it leaves the group and calls `run` with the state.
private func scheduleTracked<State>(
    lock: RecursiveLock,
    group: CompositeDisposable,
    schedule: (@escaping (State) -> Disposable) -> Disposable,
    run: @escaping (State) -> Void
) {
    var scheduleState = ScheduleState.initial
    let scheduled = schedule { state -> Disposable in
        // best effort
        if group.isDisposed {
            return Disposables.create()
        }
        lock.performLocked {
            if case .added(let removeKey) = scheduleState {
                group.remove(for: removeKey)
            }
            scheduleState = .done
        }
        run(state)
        return Disposables.create()
    }
    lock.performLocked {
        switch scheduleState {
        case .added:
            rxFatalError("Invalid state")
        case .initial:
            if let removeKey = group.insert(scheduled) {
                scheduleState = .added(removeKey)
            } else {
                scheduleState = .done
            }
        case .done:
            break
        }
    }
}
