// RxCocoa's `Observable+Bind`, which needs no UI: binding a sequence to observers and handlers. The relay forms
// (RxRelay's) are in Subjects/ObservableType+BindRelays.swift.

extension ObservableType {
    /// Creates new subscription and sends elements to observer(s).
    ///
    /// In this form, it's equivalent to the `subscribe` method, but it better conveys intent, and enables
    /// writing more consistent binding code. Every event, errors and completion included, reaches every observer.
    ///
    /// - parameter observers: Observers that receive events.
    /// - returns: Disposable object that can be used to unsubscribe the observers.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element {
        self.subscribe { event in
            for observer in observers { observer.on(event) }
        }
    }

    /// Creates new subscription and sends elements, as optionals, to observer(s).
    ///
    /// - parameter observers: Observers that receive events.
    /// - returns: Disposable object that can be used to unsubscribe the observers.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element? {
        self.map { $0 as Element? }.subscribe { event in
            for observer in observers { observer.on(event) }
        }
    }

    /// Subscribes to observable sequence using custom binder function.
    ///
    /// - parameter binder: Function used to bind elements from `self`.
    /// - returns: Object representing subscription.
    public func bind<Result>(to binder: (Self) -> Result) -> Result {
        binder(self)
    }

    /// Subscribes to observable sequence using custom binder function and final parameter passed to binder
    /// function after `self` is passed.
    ///
    ///     public func bind<R1, R2>(to binder: Self -> R1 -> R2, curriedArgument: R1) -> R2 {
    ///         return binder(self)(curriedArgument)
    ///     }
    ///
    /// - parameter binder: Function used to bind elements from `self`.
    /// - parameter curriedArgument: Final argument passed to `binder` to finish binding process.
    /// - returns: Object representing subscription.
    public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        binder(self)(curriedArgument)
    }

    /// Subscribes an element handler to an observable sequence, passing `object` (held weakly) to it; elements
    /// stop reaching the handler once `object` is released.
    ///
    /// An error is a programming error in a binding: it is reported to `Hooks.programmingErrorHandler` (RxSwift
    /// raises `fatalError` in debug builds).
    ///
    /// - parameter object: The object to provide to `onNext`, held weakly.
    /// - parameter onNext: Action to invoke for each element in the observable sequence.
    /// - returns: Subscription object used to unsubscribe from the observable sequence.
    public func bind<Object: AnyObject>(
        with object: Object,
        onNext: @escaping (Object, Element) -> Void
    ) -> Disposable {
        self.subscribe(
            onNext: unretained(object, onNext),
            onError: { error in Hooks.programmingErrorHandler("Binding error: \(error)") }
        )
    }

    /// Subscribes an element handler to an observable sequence.
    ///
    /// An error is a programming error in a binding: it is reported to `Hooks.programmingErrorHandler` (RxSwift
    /// raises `fatalError` in debug builds).
    ///
    /// - parameter onNext: Action to invoke for each element in the observable sequence.
    /// - returns: Subscription object used to unsubscribe from the observable sequence.
    public func bind(onNext: @escaping (Element) -> Void) -> Disposable {
        self.subscribe(
            onNext: onNext,
            onError: { error in Hooks.programmingErrorHandler("Binding error: \(error)") }
        )
    }
}
