// The handlers of `subscribe(with:…)` and `bind(with:…)`: each gets `object`, held weakly, and does nothing once
// it is gone. As in RxSwift, the wrapper exists even when the handler is nil (so, for example, an error with no
// `onError` handler is swallowed, not sent to `Hooks.defaultErrorHandler`).

/// `handler` called with `object` (held weakly) and the value; a no-op once `object` was released.
func unretained<Object: AnyObject, Value>(
    _ object: Object,
    _ handler: ((Object, Value) -> Void)?
) -> (Value) -> Void {
    { [weak object] value in
        guard let object else { return }
        handler?(object, value)
    }
}

/// `handler` called with `object` (held weakly); a no-op once `object` was released.
func unretained<Object: AnyObject>(_ object: Object, _ handler: ((Object) -> Void)?) -> () -> Void {
    { [weak object] in
        guard let object else { return }
        handler?(object)
    }
}
