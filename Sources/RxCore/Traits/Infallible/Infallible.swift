/// A sequence that never emits an error: see `InfallibleType`.
///
///     let titles: Infallible<String> = api.titles.asInfallible(onErrorJustReturn: "")
///     titles.subscribe(onNext: { print($0) })   // no onError: there is none
///
/// Operators whose closures may throw keep RxSwift's `throws` signatures; such a closure must not throw (the
/// error would reach `Hooks.programmingErrorHandler` through `subscribe(_:)`, and `Hooks.defaultErrorHandler`
/// through `subscribe(onNext:onCompleted:onDisposed:)`).
public struct Infallible<Element>: InfallibleType, @unchecked Sendable {
    // @usableFromInline: the one-line operator wrappers are @inlinable, so a chain built from Infallible
    // operators costs what the same Observable chain costs (glwatch-bench case h).
    @usableFromInline let source: Observable<Element>

    @usableFromInline init(_ source: Observable<Element>) {
        self.source = source
    }

    /// The sequence as an `Observable`, which then never emits an error.
    @inlinable public func asObservable() -> Observable<Element> {
        self.source
    }
}
