/// Base class for all disposables; counts live resources in debug builds (see `Resources.total`).
public class DisposeBase {
    init() {
        #if TRACE_RESOURCES
        _ = Resources.incrementTotal()
        #endif
    }

    deinit {
        #if TRACE_RESOURCES
        _ = Resources.decrementTotal()
        #endif
    }
}
