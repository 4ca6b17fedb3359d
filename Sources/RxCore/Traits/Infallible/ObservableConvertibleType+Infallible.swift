extension ObservableConvertibleType {
    /// Converts to an `Infallible` that replaces an error with one last element, then completes.
    ///
    ///     --1--2--x      asInfallible(onErrorJustReturn: 0)
    ///     --1--2--(0|)
    ///
    /// - parameter element: The element emitted in place of an error.
    /// - returns: `Infallible<Element>`
    @inlinable public func asInfallible(onErrorJustReturn element: Element) -> Infallible<Element> {
        Infallible(self.asObservable().catchAndReturn(element))
    }

    /// Converts to an `Infallible` that continues with `infallible` in place of an error.
    ///
    ///     --1--x          asInfallible(onErrorFallbackTo: .of(8, 9))
    ///     --1--(8,9|)
    ///
    /// - parameter infallible: Fall back to this provided infallible on error.
    /// - returns: `Infallible<Element>`
    @inlinable public func asInfallible(onErrorFallbackTo infallible: Infallible<Element>) -> Infallible<Element> {
        Infallible(self.asObservable().catch { _ in infallible.asObservable() })
    }

    /// Converts to an `Infallible` that continues with the infallible `onErrorRecover` returns for the error.
    ///
    /// - parameter onErrorRecover: Recover with the this infallible closure.
    /// - returns: `Infallible<Element>`
    @inlinable
    public func asInfallible(onErrorRecover: @escaping (Swift.Error) -> Infallible<Element>) -> Infallible<Element> {
        Infallible(self.asObservable().catch { onErrorRecover($0).asObservable() })
    }
}
