/// A sink that produces its elements one step at a time: the generators `of`, `from`, `range`,
/// `repeatElement` and `generate`.
///
/// On the trampoline the sink is its own unit of work (`ScheduledItemType`): queueing the next step allocates
/// nothing, which matters when many short generators run inside one drain (`flatMap` to `from([…])`).
protocol GeneratorSink: ScheduledItemType {
    /// Emits one element, or the terminal event, and returns whether to go on.
    func step() -> Bool
}

extension GeneratorSink {
    /// Runs `step()` until it returns `false`, each call a unit of work of its own on `scheduler`, exactly as with
    /// `scheduleRecursive`, so generators interleave on the trampoline as in RxSwift
    /// (`merge(of(1, 2), of(3, 4))` emits 1, 3, 2, 4).
    ///
    /// On `CurrentThreadScheduler`, the default, the next step runs inline when no other work is queued behind
    /// the current one — the order is the same, without allocating a unit of work per element.
    func runGenerator(on scheduler: ImmediateSchedulerType) -> Disposable {
        guard scheduler is CurrentThreadScheduler else {
            return scheduler.scheduleRecursive(()) { _, recurse in
                if self.step() {
                    recurse(())
                }
            }
        }
        CurrentThreadScheduler.enqueue(self)
        return Disposables.create()
    }

    /// One unit of work on the trampoline: steps until done, or until other work waits (then queues itself
    /// behind it).
    func invoke() {
        while !self.isDisposed && self.step() {
            if CurrentThreadScheduler.hasQueuedWork {
                CurrentThreadScheduler.enqueue(self)
                return
            }
        }
    }
}
