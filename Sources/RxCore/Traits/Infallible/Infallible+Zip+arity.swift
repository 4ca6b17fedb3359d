// Generated — do not edit. Template: Tests/Tools/Arity/Infallible+Zip+arity.swift.tt
// Regenerate: `python3 Tests/Tools/generate-arity.py` (CI fails when this file differs from the template's output).
// Arities 2…8 of `Infallible.zip`, as in RxSwift's generated file: the same operator as `Observable.zip`, over
// sources that cannot fail.

// MARK: 2

extension InfallibleType {
    /// Merges the specified infallible sequences into one infallible sequence by using the selector function
    /// whenever all of the sequences have produced an element at a corresponding index.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    ///     a:      --1-----2--3--|
    ///     b:      -----x------y-----|
    ///     result: -----1x-----2y----|      Infallible.zip(a, b) { "\($0)\($1)" }
    ///
    /// The result completes when every source has completed. `resultSelector` must not throw (as in RxSwift,
    /// whose signature keeps `throws`): an error thrown there reaches `Hooks.programmingErrorHandler`.
    ///
    /// - parameter resultSelector: Function to invoke for each series of elements at corresponding indexes in
    ///   the sources.
    /// - returns: An infallible sequence containing the result of combining elements of the sources.
    public static func zip<E1, E2>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>,
        resultSelector: @escaping (E1, E2) throws -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.zip(
                source1.asObservable(), source2.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

// MARK: 3

extension InfallibleType {
    /// Merges the specified infallible sequences into one infallible sequence by using the selector function
    /// whenever all of the sequences have produced an element at a corresponding index.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    ///     a:      --1-----2--3--|
    ///     b:      -----x------y-----|
    ///     result: -----1x-----2y----|      Infallible.zip(a, b) { "\($0)\($1)" }
    ///
    /// The result completes when every source has completed. `resultSelector` must not throw (as in RxSwift,
    /// whose signature keeps `throws`): an error thrown there reaches `Hooks.programmingErrorHandler`.
    ///
    /// - parameter resultSelector: Function to invoke for each series of elements at corresponding indexes in
    ///   the sources.
    /// - returns: An infallible sequence containing the result of combining elements of the sources.
    public static func zip<E1, E2, E3>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>,
        resultSelector: @escaping (E1, E2, E3) throws -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

// MARK: 4

extension InfallibleType {
    /// Merges the specified infallible sequences into one infallible sequence by using the selector function
    /// whenever all of the sequences have produced an element at a corresponding index.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    ///     a:      --1-----2--3--|
    ///     b:      -----x------y-----|
    ///     result: -----1x-----2y----|      Infallible.zip(a, b) { "\($0)\($1)" }
    ///
    /// The result completes when every source has completed. `resultSelector` must not throw (as in RxSwift,
    /// whose signature keeps `throws`): an error thrown there reaches `Hooks.programmingErrorHandler`.
    ///
    /// - parameter resultSelector: Function to invoke for each series of elements at corresponding indexes in
    ///   the sources.
    /// - returns: An infallible sequence containing the result of combining elements of the sources.
    public static func zip<E1, E2, E3, E4>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>,
        resultSelector: @escaping (E1, E2, E3, E4) throws -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

// MARK: 5

extension InfallibleType {
    /// Merges the specified infallible sequences into one infallible sequence by using the selector function
    /// whenever all of the sequences have produced an element at a corresponding index.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    ///     a:      --1-----2--3--|
    ///     b:      -----x------y-----|
    ///     result: -----1x-----2y----|      Infallible.zip(a, b) { "\($0)\($1)" }
    ///
    /// The result completes when every source has completed. `resultSelector` must not throw (as in RxSwift,
    /// whose signature keeps `throws`): an error thrown there reaches `Hooks.programmingErrorHandler`.
    ///
    /// - parameter resultSelector: Function to invoke for each series of elements at corresponding indexes in
    ///   the sources.
    /// - returns: An infallible sequence containing the result of combining elements of the sources.
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>,
        _ source5: Infallible<E5>,
        resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

// MARK: 6

extension InfallibleType {
    /// Merges the specified infallible sequences into one infallible sequence by using the selector function
    /// whenever all of the sequences have produced an element at a corresponding index.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    ///     a:      --1-----2--3--|
    ///     b:      -----x------y-----|
    ///     result: -----1x-----2y----|      Infallible.zip(a, b) { "\($0)\($1)" }
    ///
    /// The result completes when every source has completed. `resultSelector` must not throw (as in RxSwift,
    /// whose signature keeps `throws`): an error thrown there reaches `Hooks.programmingErrorHandler`.
    ///
    /// - parameter resultSelector: Function to invoke for each series of elements at corresponding indexes in
    ///   the sources.
    /// - returns: An infallible sequence containing the result of combining elements of the sources.
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>,
        _ source5: Infallible<E5>, _ source6: Infallible<E6>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

// MARK: 7

extension InfallibleType {
    /// Merges the specified infallible sequences into one infallible sequence by using the selector function
    /// whenever all of the sequences have produced an element at a corresponding index.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    ///     a:      --1-----2--3--|
    ///     b:      -----x------y-----|
    ///     result: -----1x-----2y----|      Infallible.zip(a, b) { "\($0)\($1)" }
    ///
    /// The result completes when every source has completed. `resultSelector` must not throw (as in RxSwift,
    /// whose signature keeps `throws`): an error thrown there reaches `Hooks.programmingErrorHandler`.
    ///
    /// - parameter resultSelector: Function to invoke for each series of elements at corresponding indexes in
    ///   the sources.
    /// - returns: An infallible sequence containing the result of combining elements of the sources.
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>,
        _ source5: Infallible<E5>, _ source6: Infallible<E6>, _ source7: Infallible<E7>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

// MARK: 8

extension InfallibleType {
    /// Merges the specified infallible sequences into one infallible sequence by using the selector function
    /// whenever all of the sequences have produced an element at a corresponding index.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    ///     a:      --1-----2--3--|
    ///     b:      -----x------y-----|
    ///     result: -----1x-----2y----|      Infallible.zip(a, b) { "\($0)\($1)" }
    ///
    /// The result completes when every source has completed. `resultSelector` must not throw (as in RxSwift,
    /// whose signature keeps `throws`): an error thrown there reaches `Hooks.programmingErrorHandler`.
    ///
    /// - parameter resultSelector: Function to invoke for each series of elements at corresponding indexes in
    ///   the sources.
    /// - returns: An infallible sequence containing the result of combining elements of the sources.
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>,
        _ source5: Infallible<E5>, _ source6: Infallible<E6>, _ source7: Infallible<E7>, _ source8: Infallible<E8>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}
