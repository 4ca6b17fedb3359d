extension SerialDisposable {
    /// Schedules `action` on `scheduler` after `dueTime` as the new inner disposable, disposing the previous one:
    /// the restartable timer of `debounce`, `throttle`, `timeout`, `buffer` and `window`. A placeholder is put in
    /// place before scheduling, so a scheduler that runs `action` at once (virtual time) finds the timer there.
    func scheduleRelative<State>(
        _ state: State,
        dueTime: RxTimeInterval,
        on scheduler: SchedulerType,
        action: @escaping (State) -> Void
    ) {
        let timer = SingleAssignmentDisposable()
        self.disposable = timer
        timer.setDisposable(
            scheduler.scheduleRelative(state, dueTime: dueTime) { state in
                action(state)
                return Disposables.create()
            }
        )
    }
}
