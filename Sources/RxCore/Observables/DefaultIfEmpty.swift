extension ObservableType {
    /// Emits elements from the source observable sequence, or a default element if the source observable
    /// sequence is empty.
    ///
    /// - seealso: [DefaultIfEmpty operator on reactivex.io](http://reactivex.io/documentation/operators/defaultifempty.html)
    ///
    ///     --------|         ifEmpty(default: 0)
    ///     --------(0|)
    ///
    /// - parameter default: Default element to be sent if the source does not emit any elements
    /// - returns: An observable sequence which emits default element end completes in case the original sequence
    ///   is empty
    public func ifEmpty(default: Element) -> Observable<Element> {
        // `ifEmpty(switchTo:)` with one element: the same events in the same order, so one sink serves both.
        self.ifEmpty(switchTo: Observable.just(`default`))
    }
}
