import Dispatch
import Foundation

/// Shared implementation of the Dispatch-backed schedulers: immediate, relative and periodic work on a queue,
/// each cancellable (timers are cancelled and released on dispose).
struct DispatchQueueConfiguration: Sendable {
    let queue: DispatchQueue
    let leeway: DispatchTimeInterval

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let cancel = SingleAssignmentDisposable()
        let work = UncheckedSendable((state, action))
        self.queue.async {
            if cancel.isDisposed {
                return
            }
            cancel.setDisposable(work.value.1(work.value.0))
        }
        return cancel
    }

    func scheduleRelative<StateType>(
        _ state: StateType,
        dueTime: RxTimeInterval,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let deadline = DispatchTime.now() + dueTime
        let compositeDisposable = CompositeDisposable()
        let timer = DispatchSource.makeTimerSource(queue: self.queue)
        timer.schedule(deadline: deadline, leeway: self.leeway)

        // Keeping a reference to the timer until it fires or is cancelled, then releasing everything it captured.
        let work = UncheckedSendable((state, action))
        timer.setEventHandler {
            if compositeDisposable.isDisposed {
                return
            }
            _ = compositeDisposable.insert(work.value.1(work.value.0))
            timer.cancel()
        }
        timer.resume()
        _ = compositeDisposable.insert(
            Disposables.create {
                timer.setEventHandler(handler: nil)
                timer.cancel()
            }
        )
        return compositeDisposable
    }

    func schedulePeriodic<StateType>(
        _ state: StateType,
        startAfter: RxTimeInterval,
        period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        let initial = DispatchTime.now() + startAfter
        let timer = DispatchSource.makeTimerSource(queue: self.queue)
        timer.schedule(deadline: initial, repeating: period, leeway: self.leeway)

        let cancelTimer = Disposables.create {
            timer.setEventHandler(handler: nil)
            timer.cancel()
        }
        let box = StateBox(state: state, action: action)
        timer.setEventHandler {
            if cancelTimer.isDisposed {
                return
            }
            box.step()
        }
        timer.resume()
        return cancelTimer
    }
}

private final class StateBox<StateType>: @unchecked Sendable {
    private var state: StateType
    private let action: (StateType) -> StateType

    init(state: StateType, action: @escaping (StateType) -> StateType) {
        self.state = state
        self.action = action
    }

    // Called on the timer's queue only; Dispatch serializes a timer source's handler.
    func step() {
        state = action(state)
    }
}
