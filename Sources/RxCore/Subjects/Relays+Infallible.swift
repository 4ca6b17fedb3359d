// RxRelay's `asInfallible()`: a relay never emits an error (nor completes), so it converts without a fallback.

extension PublishRelay {
    /// Converts to an `Infallible` that emits every accepted element.
    public func asInfallible() -> Infallible<Element> { asInfallible(onErrorFallbackTo: .empty()) }
}

extension BehaviorRelay {
    /// Converts to an `Infallible` that emits the current value, then every accepted element.
    public func asInfallible() -> Infallible<Element> { asInfallible(onErrorFallbackTo: .empty()) }
}

extension ReplayRelay {
    /// Converts to an `Infallible` that replays the buffered elements, then emits every accepted element.
    public func asInfallible() -> Infallible<Element> { asInfallible(onErrorFallbackTo: .empty()) }
}
