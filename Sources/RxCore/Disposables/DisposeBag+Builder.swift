extension DisposeBag {
    /// Gathers the subscriptions written one per line in a closure, as RxSwift 6's `DisposeBag` does:
    ///
    ///     let bag = DisposeBag {
    ///         heads.subscribe(onNext: record)
    ///         errors.bind(to: alerts)
    ///     }
    ///     bag.insert {
    ///         ticks.subscribe(onNext: poll)
    ///     }
    @resultBuilder
    public struct DisposableBuilder {
        /// Collects the disposables of a closure body, in order.
        public static func buildBlock(_ disposables: Disposable...) -> [Disposable] {
            disposables
        }
    }

    /// Creates a bag holding the disposables the closure lists (`DisposeBag { a; b }`).
    ///
    /// - parameter builder: The disposables to hold, one per line.
    public convenience init(@DisposableBuilder builder: () -> [Disposable]) {
        self.init(disposing: builder())
    }

    /// Adds the disposables the closure lists.
    ///
    /// - parameter builder: The disposables to add, one per line.
    public func insert(@DisposableBuilder builder: () -> [Disposable]) {
        self.insert(builder())
    }
}
