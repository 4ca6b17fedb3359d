/// A sequence that never emits an error: see `InfallibleType`.
///
///     let titles: Infallible<String> = api.titles.asInfallible(onErrorJustReturn: "")
///     titles.subscribe(onNext: { print($0) })   // no onError: there is none
///
/// Operators whose closures may throw keep RxSwift's `throws` signatures; such a closure must not throw (the
/// error would reach `Hooks.programmingErrorHandler` through `subscribe(_:)`, and `Hooks.defaultErrorHandler`
/// through `subscribe(onNext:onCompleted:onDisposed:)`).
public struct Infallible<Element>: InfallibleType, @unchecked Sendable {
    private let source: Observable<Element>

    init(_ source: Observable<Element>) {
        self.source = source
    }

    /// The sequence as an `Observable`, which then never emits an error.
    public func asObservable() -> Observable<Element> {
        self.source
    }
}
