// Pieces the traits' `subscribe(onSuccess:…)` / `subscribe(onCompleted:…)` share.

/// The `onDisposed` action as a disposable (an empty one without an action): disposed on termination or disposal,
/// so the action runs once.
func disposableRunning(_ onDisposed: (() -> Void)?) -> Disposable {
    guard let onDisposed else { return Disposables.create() }
    return Disposables.create(with: onDisposed)
}

/// Passes `error` to `onError`, or to `Hooks.defaultErrorHandler` when there is no handler.
func report(_ error: Swift.Error, to onError: ((Swift.Error) -> Void)?) {
    guard let onError else {
        Hooks.defaultErrorHandler(error)
        return
    }
    onError(error)
}
