// Generated — do not edit. Template: Tests/Tools/Arity/Infallible+CombineLatest+arity.swift.tt
// Regenerate: `python3 Tests/Tools/generate-arity.py` (CI fails when this file differs from the template's output).
// Arities 2…8 of `Infallible.combineLatest`, as in RxSwift's generated file: the same operator as
// `Observable.combineLatest`, over sources that cannot fail.

// MARK: 2

extension Infallible {
    /// Merges the specified infallible sequences into one infallible sequence by using the selector function
    /// whenever any of the sequences produces an element.
    ///
    /// - seealso: [combineLatest operator on reactivex.io](http://reactivex.io/documentation/operators/combinelatest.html)
    ///
    ///     a:      --1-----2-----|
    ///     b:      -----x-----y-----|
    ///     result: -----1x-2x-2y----|      Infallible.combineLatest(a, b) { "\($0)\($1)" }
    ///
    /// Nothing is emitted until every source has emitted; the result completes when every source has completed.
    /// `resultSelector` must not throw (as in RxSwift, whose signature keeps `throws`): an error thrown there
    /// reaches `Hooks.programmingErrorHandler`.
    ///
    /// - parameter resultSelector: Function to invoke whenever any of the sources produces an element.
    /// - returns: An infallible sequence containing the result of combining elements of the sources.
    public static func combineLatest<
        I1: InfallibleType, I2: InfallibleType
    >(
        _ source1: I1, _ source2: I2,
        resultSelector:
            @escaping (I1.Element, I2.Element)
            throws -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

// MARK: 3

extension Infallible {
    /// Merges the specified infallible sequences into one infallible sequence by using the selector function
    /// whenever any of the sequences produces an element.
    ///
    /// - seealso: [combineLatest operator on reactivex.io](http://reactivex.io/documentation/operators/combinelatest.html)
    ///
    ///     a:      --1-----2-----|
    ///     b:      -----x-----y-----|
    ///     result: -----1x-2x-2y----|      Infallible.combineLatest(a, b) { "\($0)\($1)" }
    ///
    /// Nothing is emitted until every source has emitted; the result completes when every source has completed.
    /// `resultSelector` must not throw (as in RxSwift, whose signature keeps `throws`): an error thrown there
    /// reaches `Hooks.programmingErrorHandler`.
    ///
    /// - parameter resultSelector: Function to invoke whenever any of the sources produces an element.
    /// - returns: An infallible sequence containing the result of combining elements of the sources.
    public static func combineLatest<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType
    >(
        _ source1: I1, _ source2: I2, _ source3: I3,
        resultSelector:
            @escaping (I1.Element, I2.Element, I3.Element)
            throws -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

// MARK: 4

extension Infallible {
    /// Merges the specified infallible sequences into one infallible sequence by using the selector function
    /// whenever any of the sequences produces an element.
    ///
    /// - seealso: [combineLatest operator on reactivex.io](http://reactivex.io/documentation/operators/combinelatest.html)
    ///
    ///     a:      --1-----2-----|
    ///     b:      -----x-----y-----|
    ///     result: -----1x-2x-2y----|      Infallible.combineLatest(a, b) { "\($0)\($1)" }
    ///
    /// Nothing is emitted until every source has emitted; the result completes when every source has completed.
    /// `resultSelector` must not throw (as in RxSwift, whose signature keeps `throws`): an error thrown there
    /// reaches `Hooks.programmingErrorHandler`.
    ///
    /// - parameter resultSelector: Function to invoke whenever any of the sources produces an element.
    /// - returns: An infallible sequence containing the result of combining elements of the sources.
    public static func combineLatest<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType
    >(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4,
        resultSelector:
            @escaping (I1.Element, I2.Element, I3.Element, I4.Element)
            throws -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

// MARK: 5

extension Infallible {
    /// Merges the specified infallible sequences into one infallible sequence by using the selector function
    /// whenever any of the sequences produces an element.
    ///
    /// - seealso: [combineLatest operator on reactivex.io](http://reactivex.io/documentation/operators/combinelatest.html)
    ///
    ///     a:      --1-----2-----|
    ///     b:      -----x-----y-----|
    ///     result: -----1x-2x-2y----|      Infallible.combineLatest(a, b) { "\($0)\($1)" }
    ///
    /// Nothing is emitted until every source has emitted; the result completes when every source has completed.
    /// `resultSelector` must not throw (as in RxSwift, whose signature keeps `throws`): an error thrown there
    /// reaches `Hooks.programmingErrorHandler`.
    ///
    /// - parameter resultSelector: Function to invoke whenever any of the sources produces an element.
    /// - returns: An infallible sequence containing the result of combining elements of the sources.
    public static func combineLatest<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType
    >(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5,
        resultSelector:
            @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element)
            throws -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

// MARK: 6

extension Infallible {
    /// Merges the specified infallible sequences into one infallible sequence by using the selector function
    /// whenever any of the sequences produces an element.
    ///
    /// - seealso: [combineLatest operator on reactivex.io](http://reactivex.io/documentation/operators/combinelatest.html)
    ///
    ///     a:      --1-----2-----|
    ///     b:      -----x-----y-----|
    ///     result: -----1x-2x-2y----|      Infallible.combineLatest(a, b) { "\($0)\($1)" }
    ///
    /// Nothing is emitted until every source has emitted; the result completes when every source has completed.
    /// `resultSelector` must not throw (as in RxSwift, whose signature keeps `throws`): an error thrown there
    /// reaches `Hooks.programmingErrorHandler`.
    ///
    /// - parameter resultSelector: Function to invoke whenever any of the sources produces an element.
    /// - returns: An infallible sequence containing the result of combining elements of the sources.
    public static func combineLatest<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType,
        I6: InfallibleType
    >(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6,
        resultSelector:
            @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element)
            throws -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

// MARK: 7

extension Infallible {
    /// Merges the specified infallible sequences into one infallible sequence by using the selector function
    /// whenever any of the sequences produces an element.
    ///
    /// - seealso: [combineLatest operator on reactivex.io](http://reactivex.io/documentation/operators/combinelatest.html)
    ///
    ///     a:      --1-----2-----|
    ///     b:      -----x-----y-----|
    ///     result: -----1x-2x-2y----|      Infallible.combineLatest(a, b) { "\($0)\($1)" }
    ///
    /// Nothing is emitted until every source has emitted; the result completes when every source has completed.
    /// `resultSelector` must not throw (as in RxSwift, whose signature keeps `throws`): an error thrown there
    /// reaches `Hooks.programmingErrorHandler`.
    ///
    /// - parameter resultSelector: Function to invoke whenever any of the sources produces an element.
    /// - returns: An infallible sequence containing the result of combining elements of the sources.
    public static func combineLatest<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType,
        I6: InfallibleType, I7: InfallibleType
    >(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6, _ source7: I7,
        resultSelector:
            @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element)
            throws -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

// MARK: 8

extension Infallible {
    /// Merges the specified infallible sequences into one infallible sequence by using the selector function
    /// whenever any of the sequences produces an element.
    ///
    /// - seealso: [combineLatest operator on reactivex.io](http://reactivex.io/documentation/operators/combinelatest.html)
    ///
    ///     a:      --1-----2-----|
    ///     b:      -----x-----y-----|
    ///     result: -----1x-2x-2y----|      Infallible.combineLatest(a, b) { "\($0)\($1)" }
    ///
    /// Nothing is emitted until every source has emitted; the result completes when every source has completed.
    /// `resultSelector` must not throw (as in RxSwift, whose signature keeps `throws`): an error thrown there
    /// reaches `Hooks.programmingErrorHandler`.
    ///
    /// - parameter resultSelector: Function to invoke whenever any of the sources produces an element.
    /// - returns: An infallible sequence containing the result of combining elements of the sources.
    public static func combineLatest<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType,
        I6: InfallibleType, I7: InfallibleType, I8: InfallibleType
    >(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6, _ source7: I7,
        _ source8: I8,
        resultSelector:
            @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element, I8.Element)
            throws -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}
