import Synchronization

#if TRACE_RESOURCES
private let resourceCount = Atomic<Int>(0)

/// Resource utilization information, compiled into debug builds only (like RxSwift's `TRACE_RESOURCES`).
///
/// `Resources.total` counts live observables, sinks, disposables and subscriptions. Tests record it before a
/// test and assert it returns to the same value after everything is disposed, proving nothing leaked.
public enum Resources {
    /// Counts internal Rx resource allocations (Observables, Observers, Disposables, etc.). This provides a simple
    /// way to detect leaks during development.
    public static var total: Int {
        resourceCount.load(ordering: .relaxed)
    }

    /// Increments `Resources.total` resource count.
    ///
    /// - returns: New resource count
    public static func incrementTotal() -> Int {
        resourceCount.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// Decrements `Resources.total` resource count
    ///
    /// - returns: New resource count
    public static func decrementTotal() -> Int {
        resourceCount.wrappingSubtract(1, ordering: .relaxed).newValue
    }
}
#endif
