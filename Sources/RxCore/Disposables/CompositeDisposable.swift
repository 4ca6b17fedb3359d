import Synchronization

/// Represents a group of disposable resources that are disposed together.
public final class CompositeDisposable: DisposeBase, Cancelable, @unchecked Sendable {
    /// Key used to remove disposable from composite disposable
    public struct DisposeKey: Hashable, Sendable {
        fileprivate let key: UInt64
    }

    private struct State {
        var disposables: [UInt64: Disposable]? = [:]
        var nextKey: UInt64 = 0
    }

    private let state = Mutex(State())

    /// Was resource disposed.
    public var isDisposed: Bool { state.withLock { $0.disposables == nil } }

    /// Initializes an empty composite disposable.
    public override init() {
        super.init()
    }

    /// Initializes a new instance of composite disposable with the specified number of disposables.
    public init(_ disposable1: Disposable, _ disposable2: Disposable) {
        super.init()
        _ = insert(disposable1)
        _ = insert(disposable2)
    }

    /// Initializes a new instance of composite disposable with the specified number of disposables.
    public init(_ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable) {
        super.init()
        _ = insert(disposable1)
        _ = insert(disposable2)
        _ = insert(disposable3)
    }

    /// Initializes a new instance of composite disposable with the specified number of disposables.
    public init(disposables: [Disposable]) {
        super.init()
        for disposable in disposables {
            _ = insert(disposable)
        }
    }

    /// Adds a disposable to the CompositeDisposable or disposes the disposable if the CompositeDisposable is
    /// disposed.
    ///
    /// - parameter disposable: Disposable to add.
    /// - returns: Key that can be used to remove disposable from composite disposable. In case dispose bag was
    ///   already disposed `nil` will be returned.
    public func insert(_ disposable: Disposable) -> DisposeKey? {
        let key = state.withLock { state -> DisposeKey? in
            guard state.disposables != nil else { return nil }
            let key = state.nextKey
            state.nextKey &+= 1
            state.disposables![key] = disposable
            return DisposeKey(key: key)
        }
        if key == nil {
            disposable.dispose()
        }
        return key
    }

    /// - returns: Gets the number of disposables contained in the `CompositeDisposable`.
    public var count: Int {
        state.withLock { $0.disposables?.count ?? 0 }
    }

    /// Removes and disposes the disposable identified by `disposeKey` from the CompositeDisposable.
    ///
    /// - parameter disposeKey: Key used to identify disposable to be removed.
    public func remove(for disposeKey: DisposeKey) {
        let disposable = state.withLock { state -> Disposable? in
            state.disposables?.removeValue(forKey: disposeKey.key)
        }
        disposable?.dispose()
    }

    /// Disposes all disposables in the group and removes them from the group.
    public func dispose() {
        let disposables = state.withLock { state -> [UInt64: Disposable]? in
            let disposables = state.disposables
            state.disposables = nil
            return disposables
        }
        guard let disposables else { return }
        for key in disposables.keys.sorted() {
            disposables[key]!.dispose()
        }
    }
}
