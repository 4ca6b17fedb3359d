/// A collection of utility methods for common disposable operations.
public struct Disposables {
    private init() {}
}

extension Disposables {
    /// Creates a disposable that does nothing on disposal.
    public static func create() -> Disposable { NopDisposable.noOp }

    /// Constructs a new disposable with the given action used for disposal.
    ///
    /// - parameter dispose: Disposal action which will be run upon calling `dispose`; at most once.
    public static func create(with dispose: @escaping () -> Void) -> Cancelable {
        AnonymousDisposable(disposeAction: dispose)
    }

    /// Creates a disposable with the given disposables, which will be disposed when returned disposable is disposed.
    public static func create(_ disposable1: Disposable, _ disposable2: Disposable) -> Cancelable {
        BinaryDisposable(disposable1, disposable2)
    }

    /// Creates a disposable with the given disposables, which will be disposed when returned disposable is disposed.
    public static func create(_ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable)
        -> Cancelable
    {
        CompositeDisposable(disposable1, disposable2, disposable3)
    }

    /// Creates a disposable with the given disposables, which will be disposed when returned disposable is disposed.
    public static func create(
        _ disposable1: Disposable,
        _ disposable2: Disposable,
        _ disposable3: Disposable,
        _ disposables: Disposable...
    ) -> Cancelable {
        var disposables = disposables
        disposables.append(disposable1)
        disposables.append(disposable2)
        disposables.append(disposable3)
        return CompositeDisposable(disposables: disposables)
    }

    /// Creates a disposable with the given disposables, which will be disposed when returned disposable is disposed.
    public static func create(_ disposables: [Disposable]) -> Cancelable {
        switch disposables.count {
        case 2: BinaryDisposable(disposables[0], disposables[1])
        default: CompositeDisposable(disposables: disposables)
        }
    }
}
