/// Supports push-style iteration over an observable sequence.
public protocol ObserverType {
    /// The type of elements in sequence that observer can observe.
    associatedtype Element

    /// Notify observer about sequence event.
    ///
    /// - parameter event: Event that occurred.
    func on(_ event: Event<Element>)
}

extension ObserverType {
    /// Convenience method equivalent to `on(.next(element: Element))`
    public func onNext(_ element: Element) {
        self.on(.next(element))
    }

    /// Convenience method equivalent to `on(.completed)`
    public func onCompleted() {
        self.on(.completed)
    }

    /// Convenience method equivalent to `on(.error(Swift.Error))`
    public func onError(_ error: Swift.Error) {
        self.on(.error(error))
    }
}
