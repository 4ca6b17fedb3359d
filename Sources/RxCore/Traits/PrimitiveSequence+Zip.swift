// Generated — do not edit. Template: Tests/Tools/Arity/PrimitiveSequence+Zip.swift.tt
// Regenerate: `python3 Tests/Tools/generate-arity.py` (CI fails when this file differs from the template's output).
// Arities 2…8 of `Single.zip` and `Maybe.zip`, with and without a result selector, as in RxSwift's generated files
// (which write them once per trait; here one set serves both traits through `_PrimitiveSequenceZipTrait`).

// MARK: 2

extension PrimitiveSequenceType where Trait: _PrimitiveSequenceZipTrait {
    /// Merges the specified singles (or maybes) into one Single (or Maybe) by using the selector function once all
    /// of them have produced their element.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    ///     a:      ---(1|)
    ///     b:      -----(x|)
    ///     result: -----(1x|)      Single.zip(a, b) { "\($0)\($1)" }
    ///
    /// A Single succeeds when every source has succeeded; the first failure fails it. A Maybe emits once every
    /// source has emitted; if one of them completes empty, it completes empty once every source has terminated;
    /// the first error fails it.
    ///
    /// - parameter resultSelector: Function to invoke with the elements of the sources.
    /// - returns: A sequence containing the result of combining the elements of the sources.
    public static func zip<E1, E2>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        resultSelector: @escaping (E1, E2) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.asObservable(), source2.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

extension PrimitiveSequenceType where Element == Any, Trait: _PrimitiveSequenceZipTrait {
    /// Merges the specified singles (or maybes) into one Single (or Maybe) of a tuple once all of them have
    /// produced their element.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    /// Completion follows the rules of `zip(_:_:resultSelector:)`.
    ///
    /// - returns: A sequence containing the elements of the sources as a tuple.
    public static func zip<E1, E2>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>
    ) -> PrimitiveSequence<Trait, (E1, E2)> {
        PrimitiveSequence(
            raw: Observable<Any>.zip(
                source1.asObservable(), source2.asObservable()
            )
        )
    }
}

// MARK: 3

extension PrimitiveSequenceType where Trait: _PrimitiveSequenceZipTrait {
    /// Merges the specified singles (or maybes) into one Single (or Maybe) by using the selector function once all
    /// of them have produced their element.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    ///     a:      ---(1|)
    ///     b:      -----(x|)
    ///     result: -----(1x|)      Single.zip(a, b) { "\($0)\($1)" }
    ///
    /// A Single succeeds when every source has succeeded; the first failure fails it. A Maybe emits once every
    /// source has emitted; if one of them completes empty, it completes empty once every source has terminated;
    /// the first error fails it.
    ///
    /// - parameter resultSelector: Function to invoke with the elements of the sources.
    /// - returns: A sequence containing the result of combining the elements of the sources.
    public static func zip<E1, E2, E3>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        resultSelector: @escaping (E1, E2, E3) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

extension PrimitiveSequenceType where Element == Any, Trait: _PrimitiveSequenceZipTrait {
    /// Merges the specified singles (or maybes) into one Single (or Maybe) of a tuple once all of them have
    /// produced their element.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    /// Completion follows the rules of `zip(_:_:resultSelector:)`.
    ///
    /// - returns: A sequence containing the elements of the sources as a tuple.
    public static func zip<E1, E2, E3>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3)> {
        PrimitiveSequence(
            raw: Observable<Any>.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable()
            )
        )
    }
}

// MARK: 4

extension PrimitiveSequenceType where Trait: _PrimitiveSequenceZipTrait {
    /// Merges the specified singles (or maybes) into one Single (or Maybe) by using the selector function once all
    /// of them have produced their element.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    ///     a:      ---(1|)
    ///     b:      -----(x|)
    ///     result: -----(1x|)      Single.zip(a, b) { "\($0)\($1)" }
    ///
    /// A Single succeeds when every source has succeeded; the first failure fails it. A Maybe emits once every
    /// source has emitted; if one of them completes empty, it completes empty once every source has terminated;
    /// the first error fails it.
    ///
    /// - parameter resultSelector: Function to invoke with the elements of the sources.
    /// - returns: A sequence containing the result of combining the elements of the sources.
    public static func zip<E1, E2, E3, E4>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        resultSelector: @escaping (E1, E2, E3, E4) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

extension PrimitiveSequenceType where Element == Any, Trait: _PrimitiveSequenceZipTrait {
    /// Merges the specified singles (or maybes) into one Single (or Maybe) of a tuple once all of them have
    /// produced their element.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    /// Completion follows the rules of `zip(_:_:resultSelector:)`.
    ///
    /// - returns: A sequence containing the elements of the sources as a tuple.
    public static func zip<E1, E2, E3, E4>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4)> {
        PrimitiveSequence(
            raw: Observable<Any>.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable()
            )
        )
    }
}

// MARK: 5

extension PrimitiveSequenceType where Trait: _PrimitiveSequenceZipTrait {
    /// Merges the specified singles (or maybes) into one Single (or Maybe) by using the selector function once all
    /// of them have produced their element.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    ///     a:      ---(1|)
    ///     b:      -----(x|)
    ///     result: -----(1x|)      Single.zip(a, b) { "\($0)\($1)" }
    ///
    /// A Single succeeds when every source has succeeded; the first failure fails it. A Maybe emits once every
    /// source has emitted; if one of them completes empty, it completes empty once every source has terminated;
    /// the first error fails it.
    ///
    /// - parameter resultSelector: Function to invoke with the elements of the sources.
    /// - returns: A sequence containing the result of combining the elements of the sources.
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

extension PrimitiveSequenceType where Element == Any, Trait: _PrimitiveSequenceZipTrait {
    /// Merges the specified singles (or maybes) into one Single (or Maybe) of a tuple once all of them have
    /// produced their element.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    /// Completion follows the rules of `zip(_:_:resultSelector:)`.
    ///
    /// - returns: A sequence containing the elements of the sources as a tuple.
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5)> {
        PrimitiveSequence(
            raw: Observable<Any>.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable()
            )
        )
    }
}

// MARK: 6

extension PrimitiveSequenceType where Trait: _PrimitiveSequenceZipTrait {
    /// Merges the specified singles (or maybes) into one Single (or Maybe) by using the selector function once all
    /// of them have produced their element.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    ///     a:      ---(1|)
    ///     b:      -----(x|)
    ///     result: -----(1x|)      Single.zip(a, b) { "\($0)\($1)" }
    ///
    /// A Single succeeds when every source has succeeded; the first failure fails it. A Maybe emits once every
    /// source has emitted; if one of them completes empty, it completes empty once every source has terminated;
    /// the first error fails it.
    ///
    /// - parameter resultSelector: Function to invoke with the elements of the sources.
    /// - returns: A sequence containing the result of combining the elements of the sources.
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

extension PrimitiveSequenceType where Element == Any, Trait: _PrimitiveSequenceZipTrait {
    /// Merges the specified singles (or maybes) into one Single (or Maybe) of a tuple once all of them have
    /// produced their element.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    /// Completion follows the rules of `zip(_:_:resultSelector:)`.
    ///
    /// - returns: A sequence containing the elements of the sources as a tuple.
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6)> {
        PrimitiveSequence(
            raw: Observable<Any>.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable()
            )
        )
    }
}

// MARK: 7

extension PrimitiveSequenceType where Trait: _PrimitiveSequenceZipTrait {
    /// Merges the specified singles (or maybes) into one Single (or Maybe) by using the selector function once all
    /// of them have produced their element.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    ///     a:      ---(1|)
    ///     b:      -----(x|)
    ///     result: -----(1x|)      Single.zip(a, b) { "\($0)\($1)" }
    ///
    /// A Single succeeds when every source has succeeded; the first failure fails it. A Maybe emits once every
    /// source has emitted; if one of them completes empty, it completes empty once every source has terminated;
    /// the first error fails it.
    ///
    /// - parameter resultSelector: Function to invoke with the elements of the sources.
    /// - returns: A sequence containing the result of combining the elements of the sources.
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

extension PrimitiveSequenceType where Element == Any, Trait: _PrimitiveSequenceZipTrait {
    /// Merges the specified singles (or maybes) into one Single (or Maybe) of a tuple once all of them have
    /// produced their element.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    /// Completion follows the rules of `zip(_:_:resultSelector:)`.
    ///
    /// - returns: A sequence containing the elements of the sources as a tuple.
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7)> {
        PrimitiveSequence(
            raw: Observable<Any>.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable()
            )
        )
    }
}

// MARK: 8

extension PrimitiveSequenceType where Trait: _PrimitiveSequenceZipTrait {
    /// Merges the specified singles (or maybes) into one Single (or Maybe) by using the selector function once all
    /// of them have produced their element.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    ///     a:      ---(1|)
    ///     b:      -----(x|)
    ///     result: -----(1x|)      Single.zip(a, b) { "\($0)\($1)" }
    ///
    /// A Single succeeds when every source has succeeded; the first failure fails it. A Maybe emits once every
    /// source has emitted; if one of them completes empty, it completes empty once every source has terminated;
    /// the first error fails it.
    ///
    /// - parameter resultSelector: Function to invoke with the elements of the sources.
    /// - returns: A sequence containing the result of combining the elements of the sources.
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>, _ source8: PrimitiveSequence<Trait, E8>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

extension PrimitiveSequenceType where Element == Any, Trait: _PrimitiveSequenceZipTrait {
    /// Merges the specified singles (or maybes) into one Single (or Maybe) of a tuple once all of them have
    /// produced their element.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    /// Completion follows the rules of `zip(_:_:resultSelector:)`.
    ///
    /// - returns: A sequence containing the elements of the sources as a tuple.
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>, _ source8: PrimitiveSequence<Trait, E8>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7, E8)> {
        PrimitiveSequence(
            raw: Observable<Any>.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable()
            )
        )
    }
}
