/// Represents a disposable resource.
///
/// Disposables are `Sendable`: `dispose()` may be called from any thread, any number of times; only the first
/// call has an effect.
public protocol Disposable: Sendable {
    /// Dispose resource.
    func dispose()
}

/// Represents disposable resource with state tracking.
public protocol Cancelable: Disposable {
    /// Was resource disposed.
    var isDisposed: Bool { get }
}
