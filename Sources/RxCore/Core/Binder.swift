/// Observer that enforces binding rules: it cannot bind errors (an error is reported to
/// `Hooks.programmingErrorHandler`, where RxSwift would `fatalError` in debug builds), ignores completion, and
/// performs each binding on `scheduler`.
///
/// `Binder` doesn't retain its target: once the target is released, elements are no longer bound. By default it
/// binds elements on `MainScheduler.instance`, as in RxSwift; on Linux pass the scheduler your program runs.
///
///     let label = Binder(model, scheduler: scheduler) { model, text in model.title = text }
///     titles.bind(to: label).disposed(by: bag)
public struct Binder<Value>: ObserverType {
    /// The type of elements the binder accepts.
    public typealias Element = Value

    private let binding: (Event<Value>) -> Void

    /// Initializes `Binder`
    ///
    /// - parameter target: Target object, held weakly.
    /// - parameter scheduler: Scheduler used to bind the events.
    /// - parameter binding: Binding logic.
    public init<Target: AnyObject>(
        _ target: Target,
        scheduler: ImmediateSchedulerType = MainScheduler.instance,
        binding: @escaping (Target, Value) -> Void
    ) {
        self.binding = { [weak target] event in
            switch event {
            case .next(let element):
                _ = scheduler.schedule(element) { element in
                    if let target {
                        binding(target, element)
                    }
                    return Disposables.create()
                }
            case .error(let error):
                Hooks.programmingErrorHandler("Binding error: \(error)")
            case .completed:
                break
            }
        }
    }

    /// Binds next element to owner view as described in `binding`.
    public func on(_ event: Event<Value>) {
        self.binding(event)
    }

    /// Erases type of observer.
    ///
    /// - returns: type erased observer.
    public func asObserver() -> AnyObserver<Value> {
        AnyObserver(eventHandler: self.on)
    }
}
