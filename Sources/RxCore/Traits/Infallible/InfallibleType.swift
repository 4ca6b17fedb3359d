/// A push-style sequence that is guaranteed not to emit an error: RxSwift 6's trait for streams of state or
/// user input, where an error would be a programming error.
///
/// Unlike RxCocoa's `Driver`/`Signal` it does not share its subscription or replay, and promises nothing about
/// threads: it acts as a standard `Observable` that cannot fail. Build one with `Infallible.create`, `just`,
/// `of`, `from`, or convert with `asInfallible(onErrorJustReturn:)`, `asInfallible(onErrorFallbackTo:)` or
/// `asInfallible(onErrorRecover:)`.
public protocol InfallibleType: ObservableConvertibleType {}
