/// Observable sequences containing 0 or 1 element (`Single`, `Maybe`) or none (`Completable`).
///
/// As in RxSwift, a trait is a thin wrapper around an `Observable` whose events obey the trait's grammar.
public struct PrimitiveSequence<Trait, Element> {
    let source: Observable<Element>

    init(raw: Observable<Element>) {
        self.source = raw
    }
}

extension PrimitiveSequence: @unchecked Sendable {}

/// Observable sequences containing 0 or 1 element
public protocol PrimitiveSequenceType {
    /// Additional constraints
    associatedtype Trait

    /// Sequence element type
    associatedtype Element

    /// Converts `self` to primitive sequence.
    ///
    /// - returns: Observable sequence that represents `self`.
    var primitiveSequence: PrimitiveSequence<Trait, Element> { get }
}

extension PrimitiveSequence: PrimitiveSequenceType {
    /// Converts `self` to primitive sequence.
    ///
    /// - returns: Observable sequence that represents `self`.
    public var primitiveSequence: PrimitiveSequence<Trait, Element> {
        self
    }
}

extension PrimitiveSequence: ObservableConvertibleType {
    /// Converts `self` to `Observable` sequence.
    ///
    /// - returns: Observable sequence that represents `self`.
    public func asObservable() -> Observable<Element> {
        self.source
    }
}

extension PrimitiveSequence {
    /// Returns an observable sequence that invokes the specified factory function whenever a new observer
    /// subscribes.
    ///
    /// - parameter observableFactory: Observable factory function to invoke for each observer that subscribes to
    ///   the resulting sequence.
    /// - returns: An observable sequence whose observers trigger an invocation of the given observable factory
    ///   function.
    public static func deferred(_ observableFactory: @escaping () throws -> PrimitiveSequence<Trait, Element>)
        -> PrimitiveSequence<Trait, Element>
    {
        PrimitiveSequence(
            raw: Observable.create { observer in
                do {
                    return try observableFactory().asObservable().subscribe(observer)
                } catch let error {
                    observer.on(.error(error))
                    return Disposables.create()
                }
            }
        )
    }
}

/// Implementation detail, not API: the traits whose sequences `zip` (`SingleTrait`, `MaybeTrait`), so that one
/// generated set of `zip` overloads (`PrimitiveSequence+Zip.swift`) serves both. Nothing outside RxCore should
/// conform to it or name it.
public protocol _PrimitiveSequenceZipTrait {}

extension SingleTrait: _PrimitiveSequenceZipTrait {}
extension MaybeTrait: _PrimitiveSequenceZipTrait {}
