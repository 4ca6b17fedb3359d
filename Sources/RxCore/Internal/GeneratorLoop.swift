/// A sink that produces its elements one step at a time: the generators `of`, `from`, `range`,
/// `repeatElement` and `generate`.
protocol GeneratorSink: AnyObject {
    /// Whether the subscription was disposed; the loop stops when it is.
    var isDisposed: Bool { get }

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
        self.scheduleNextStep()
        return Disposables.create()
    }

    private func scheduleNextStep() {
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            self.runSteps()
            return Disposables.create()
        }
    }

    private func runSteps() {
        while !self.isDisposed && self.step() {
            if CurrentThreadScheduler.hasQueuedWork {
                self.scheduleNextStep()
                return
            }
        }
    }
}
