// Generated — do not edit. Template: Tests/Tools/Arity/CombineLatest+arity.swift.tt
// Regenerate: `python3 Tests/Tools/generate-arity.py` (CI fails when this file differs from the template's output).
// Arities 2…8 of `combineLatest`, with and without a result selector, as in RxSwift's generated file (the sink
// that does the work is CombineLatestSink in Internal/).

// MARK: 2

extension ObservableType {
    /// Merges the specified observable sequences into one observable sequence by using the selector function
    /// whenever any of the observable sequences produces an element.
    ///
    /// - seealso: [combineLatest operator on reactivex.io](http://reactivex.io/documentation/operators/combinelatest.html)
    ///
    ///     a:      --1-----2-----|
    ///     b:      -----x-----y-----|
    ///     result: -----1x-2x-2y----|      combineLatest(a, b) { "\($0)\($1)" }
    ///
    /// As in RxSwift 6: nothing is emitted until every source has emitted; the result completes when every
    /// source has completed (a source completing without an element does not end it while others run); the
    /// first error, or one thrown by `resultSelector`, fails it.
    ///
    /// - parameter resultSelector: Function to invoke whenever any of the sources produces an element.
    /// - returns: An observable sequence containing the result of combining elements of the sources using the
    ///   specified result selector function.
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType
    >(
        _ source1: O1, _ source2: O2,
        resultSelector:
            @escaping (O1.Element, O2.Element)
            throws -> Element
    ) -> Observable<Element> {
        let observable1 = source1.asObservable()
        let observable2 = source2.asObservable()
        return CombineLatestProducer(arity: 2) { sink in
            var latest1: O1.Element?
            var latest2: O2.Element?
            sink.setResultSelector {
                try resultSelector(
                    latest1!, latest2!
                )
            }
            return [
                sink.subscribe(observable1, index: 0) { latest1 = $0 },
                sink.subscribe(observable2, index: 1) { latest2 = $0 },
            ]
        }
    }
}

extension ObservableType where Element == Any {
    /// Merges the specified observable sequences into one observable sequence of tuples whenever any of the
    /// observable sequences produces an element.
    ///
    /// - seealso: [combineLatest operator on reactivex.io](http://reactivex.io/documentation/operators/combinelatest.html)
    ///
    /// Completion follows the rules of `combineLatest(_:_:resultSelector:)`.
    ///
    /// - returns: An observable sequence containing the result of combining elements of the sources.
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType
    >(
        _ source1: O1, _ source2: O2
    ) -> Observable<(O1.Element, O2.Element)> {
        Observable.combineLatest(
            source1, source2,
            resultSelector: { ($0, $1) }
        )
    }
}

// MARK: 3

extension ObservableType {
    /// Merges the specified observable sequences into one observable sequence by using the selector function
    /// whenever any of the observable sequences produces an element.
    ///
    /// - seealso: [combineLatest operator on reactivex.io](http://reactivex.io/documentation/operators/combinelatest.html)
    ///
    ///     a:      --1-----2-----|
    ///     b:      -----x-----y-----|
    ///     result: -----1x-2x-2y----|      combineLatest(a, b) { "\($0)\($1)" }
    ///
    /// As in RxSwift 6: nothing is emitted until every source has emitted; the result completes when every
    /// source has completed (a source completing without an element does not end it while others run); the
    /// first error, or one thrown by `resultSelector`, fails it.
    ///
    /// - parameter resultSelector: Function to invoke whenever any of the sources produces an element.
    /// - returns: An observable sequence containing the result of combining elements of the sources using the
    ///   specified result selector function.
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector:
            @escaping (O1.Element, O2.Element, O3.Element)
            throws -> Element
    ) -> Observable<Element> {
        let observable1 = source1.asObservable()
        let observable2 = source2.asObservable()
        let observable3 = source3.asObservable()
        return CombineLatestProducer(arity: 3) { sink in
            var latest1: O1.Element?
            var latest2: O2.Element?
            var latest3: O3.Element?
            sink.setResultSelector {
                try resultSelector(
                    latest1!, latest2!, latest3!
                )
            }
            return [
                sink.subscribe(observable1, index: 0) { latest1 = $0 },
                sink.subscribe(observable2, index: 1) { latest2 = $0 },
                sink.subscribe(observable3, index: 2) { latest3 = $0 },
            ]
        }
    }
}

extension ObservableType where Element == Any {
    /// Merges the specified observable sequences into one observable sequence of tuples whenever any of the
    /// observable sequences produces an element.
    ///
    /// - seealso: [combineLatest operator on reactivex.io](http://reactivex.io/documentation/operators/combinelatest.html)
    ///
    /// Completion follows the rules of `combineLatest(_:_:resultSelector:)`.
    ///
    /// - returns: An observable sequence containing the result of combining elements of the sources.
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
        Observable.combineLatest(
            source1, source2, source3,
            resultSelector: { ($0, $1, $2) }
        )
    }
}

// MARK: 4

extension ObservableType {
    /// Merges the specified observable sequences into one observable sequence by using the selector function
    /// whenever any of the observable sequences produces an element.
    ///
    /// - seealso: [combineLatest operator on reactivex.io](http://reactivex.io/documentation/operators/combinelatest.html)
    ///
    ///     a:      --1-----2-----|
    ///     b:      -----x-----y-----|
    ///     result: -----1x-2x-2y----|      combineLatest(a, b) { "\($0)\($1)" }
    ///
    /// As in RxSwift 6: nothing is emitted until every source has emitted; the result completes when every
    /// source has completed (a source completing without an element does not end it while others run); the
    /// first error, or one thrown by `resultSelector`, fails it.
    ///
    /// - parameter resultSelector: Function to invoke whenever any of the sources produces an element.
    /// - returns: An observable sequence containing the result of combining elements of the sources using the
    ///   specified result selector function.
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
        resultSelector:
            @escaping (O1.Element, O2.Element, O3.Element, O4.Element)
            throws -> Element
    ) -> Observable<Element> {
        let observable1 = source1.asObservable()
        let observable2 = source2.asObservable()
        let observable3 = source3.asObservable()
        let observable4 = source4.asObservable()
        return CombineLatestProducer(arity: 4) { sink in
            var latest1: O1.Element?
            var latest2: O2.Element?
            var latest3: O3.Element?
            var latest4: O4.Element?
            sink.setResultSelector {
                try resultSelector(
                    latest1!, latest2!, latest3!, latest4!
                )
            }
            return [
                sink.subscribe(observable1, index: 0) { latest1 = $0 },
                sink.subscribe(observable2, index: 1) { latest2 = $0 },
                sink.subscribe(observable3, index: 2) { latest3 = $0 },
                sink.subscribe(observable4, index: 3) { latest4 = $0 },
            ]
        }
    }
}

extension ObservableType where Element == Any {
    /// Merges the specified observable sequences into one observable sequence of tuples whenever any of the
    /// observable sequences produces an element.
    ///
    /// - seealso: [combineLatest operator on reactivex.io](http://reactivex.io/documentation/operators/combinelatest.html)
    ///
    /// Completion follows the rules of `combineLatest(_:_:resultSelector:)`.
    ///
    /// - returns: An observable sequence containing the result of combining elements of the sources.
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
        Observable.combineLatest(
            source1, source2, source3, source4,
            resultSelector: { ($0, $1, $2, $3) }
        )
    }
}

// MARK: 5

extension ObservableType {
    /// Merges the specified observable sequences into one observable sequence by using the selector function
    /// whenever any of the observable sequences produces an element.
    ///
    /// - seealso: [combineLatest operator on reactivex.io](http://reactivex.io/documentation/operators/combinelatest.html)
    ///
    ///     a:      --1-----2-----|
    ///     b:      -----x-----y-----|
    ///     result: -----1x-2x-2y----|      combineLatest(a, b) { "\($0)\($1)" }
    ///
    /// As in RxSwift 6: nothing is emitted until every source has emitted; the result completes when every
    /// source has completed (a source completing without an element does not end it while others run); the
    /// first error, or one thrown by `resultSelector`, fails it.
    ///
    /// - parameter resultSelector: Function to invoke whenever any of the sources produces an element.
    /// - returns: An observable sequence containing the result of combining elements of the sources using the
    ///   specified result selector function.
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5,
        resultSelector:
            @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)
            throws -> Element
    ) -> Observable<Element> {
        let observable1 = source1.asObservable()
        let observable2 = source2.asObservable()
        let observable3 = source3.asObservable()
        let observable4 = source4.asObservable()
        let observable5 = source5.asObservable()
        return CombineLatestProducer(arity: 5) { sink in
            var latest1: O1.Element?
            var latest2: O2.Element?
            var latest3: O3.Element?
            var latest4: O4.Element?
            var latest5: O5.Element?
            sink.setResultSelector {
                try resultSelector(
                    latest1!, latest2!, latest3!, latest4!, latest5!
                )
            }
            return [
                sink.subscribe(observable1, index: 0) { latest1 = $0 },
                sink.subscribe(observable2, index: 1) { latest2 = $0 },
                sink.subscribe(observable3, index: 2) { latest3 = $0 },
                sink.subscribe(observable4, index: 3) { latest4 = $0 },
                sink.subscribe(observable5, index: 4) { latest5 = $0 },
            ]
        }
    }
}

extension ObservableType where Element == Any {
    /// Merges the specified observable sequences into one observable sequence of tuples whenever any of the
    /// observable sequences produces an element.
    ///
    /// - seealso: [combineLatest operator on reactivex.io](http://reactivex.io/documentation/operators/combinelatest.html)
    ///
    /// Completion follows the rules of `combineLatest(_:_:resultSelector:)`.
    ///
    /// - returns: An observable sequence containing the result of combining elements of the sources.
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)> {
        Observable.combineLatest(
            source1, source2, source3, source4, source5,
            resultSelector: { ($0, $1, $2, $3, $4) }
        )
    }
}

// MARK: 6

extension ObservableType {
    /// Merges the specified observable sequences into one observable sequence by using the selector function
    /// whenever any of the observable sequences produces an element.
    ///
    /// - seealso: [combineLatest operator on reactivex.io](http://reactivex.io/documentation/operators/combinelatest.html)
    ///
    ///     a:      --1-----2-----|
    ///     b:      -----x-----y-----|
    ///     result: -----1x-2x-2y----|      combineLatest(a, b) { "\($0)\($1)" }
    ///
    /// As in RxSwift 6: nothing is emitted until every source has emitted; the result completes when every
    /// source has completed (a source completing without an element does not end it while others run); the
    /// first error, or one thrown by `resultSelector`, fails it.
    ///
    /// - parameter resultSelector: Function to invoke whenever any of the sources produces an element.
    /// - returns: An observable sequence containing the result of combining elements of the sources using the
    ///   specified result selector function.
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
        resultSelector:
            @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)
            throws -> Element
    ) -> Observable<Element> {
        let observable1 = source1.asObservable()
        let observable2 = source2.asObservable()
        let observable3 = source3.asObservable()
        let observable4 = source4.asObservable()
        let observable5 = source5.asObservable()
        let observable6 = source6.asObservable()
        return CombineLatestProducer(arity: 6) { sink in
            var latest1: O1.Element?
            var latest2: O2.Element?
            var latest3: O3.Element?
            var latest4: O4.Element?
            var latest5: O5.Element?
            var latest6: O6.Element?
            sink.setResultSelector {
                try resultSelector(
                    latest1!, latest2!, latest3!, latest4!, latest5!, latest6!
                )
            }
            return [
                sink.subscribe(observable1, index: 0) { latest1 = $0 },
                sink.subscribe(observable2, index: 1) { latest2 = $0 },
                sink.subscribe(observable3, index: 2) { latest3 = $0 },
                sink.subscribe(observable4, index: 3) { latest4 = $0 },
                sink.subscribe(observable5, index: 4) { latest5 = $0 },
                sink.subscribe(observable6, index: 5) { latest6 = $0 },
            ]
        }
    }
}

extension ObservableType where Element == Any {
    /// Merges the specified observable sequences into one observable sequence of tuples whenever any of the
    /// observable sequences produces an element.
    ///
    /// - seealso: [combineLatest operator on reactivex.io](http://reactivex.io/documentation/operators/combinelatest.html)
    ///
    /// Completion follows the rules of `combineLatest(_:_:resultSelector:)`.
    ///
    /// - returns: An observable sequence containing the result of combining elements of the sources.
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)> {
        Observable.combineLatest(
            source1, source2, source3, source4, source5, source6,
            resultSelector: { ($0, $1, $2, $3, $4, $5) }
        )
    }
}

// MARK: 7

extension ObservableType {
    /// Merges the specified observable sequences into one observable sequence by using the selector function
    /// whenever any of the observable sequences produces an element.
    ///
    /// - seealso: [combineLatest operator on reactivex.io](http://reactivex.io/documentation/operators/combinelatest.html)
    ///
    ///     a:      --1-----2-----|
    ///     b:      -----x-----y-----|
    ///     result: -----1x-2x-2y----|      combineLatest(a, b) { "\($0)\($1)" }
    ///
    /// As in RxSwift 6: nothing is emitted until every source has emitted; the result completes when every
    /// source has completed (a source completing without an element does not end it while others run); the
    /// first error, or one thrown by `resultSelector`, fails it.
    ///
    /// - parameter resultSelector: Function to invoke whenever any of the sources produces an element.
    /// - returns: An observable sequence containing the result of combining elements of the sources using the
    ///   specified result selector function.
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType, O7: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        resultSelector:
            @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)
            throws -> Element
    ) -> Observable<Element> {
        let observable1 = source1.asObservable()
        let observable2 = source2.asObservable()
        let observable3 = source3.asObservable()
        let observable4 = source4.asObservable()
        let observable5 = source5.asObservable()
        let observable6 = source6.asObservable()
        let observable7 = source7.asObservable()
        return CombineLatestProducer(arity: 7) { sink in
            var latest1: O1.Element?
            var latest2: O2.Element?
            var latest3: O3.Element?
            var latest4: O4.Element?
            var latest5: O5.Element?
            var latest6: O6.Element?
            var latest7: O7.Element?
            sink.setResultSelector {
                try resultSelector(
                    latest1!, latest2!, latest3!, latest4!, latest5!, latest6!, latest7!
                )
            }
            return [
                sink.subscribe(observable1, index: 0) { latest1 = $0 },
                sink.subscribe(observable2, index: 1) { latest2 = $0 },
                sink.subscribe(observable3, index: 2) { latest3 = $0 },
                sink.subscribe(observable4, index: 3) { latest4 = $0 },
                sink.subscribe(observable5, index: 4) { latest5 = $0 },
                sink.subscribe(observable6, index: 5) { latest6 = $0 },
                sink.subscribe(observable7, index: 6) { latest7 = $0 },
            ]
        }
    }
}

extension ObservableType where Element == Any {
    /// Merges the specified observable sequences into one observable sequence of tuples whenever any of the
    /// observable sequences produces an element.
    ///
    /// - seealso: [combineLatest operator on reactivex.io](http://reactivex.io/documentation/operators/combinelatest.html)
    ///
    /// Completion follows the rules of `combineLatest(_:_:resultSelector:)`.
    ///
    /// - returns: An observable sequence containing the result of combining elements of the sources.
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType, O7: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)> {
        Observable.combineLatest(
            source1, source2, source3, source4, source5, source6, source7,
            resultSelector: { ($0, $1, $2, $3, $4, $5, $6) }
        )
    }
}

// MARK: 8

extension ObservableType {
    /// Merges the specified observable sequences into one observable sequence by using the selector function
    /// whenever any of the observable sequences produces an element.
    ///
    /// - seealso: [combineLatest operator on reactivex.io](http://reactivex.io/documentation/operators/combinelatest.html)
    ///
    ///     a:      --1-----2-----|
    ///     b:      -----x-----y-----|
    ///     result: -----1x-2x-2y----|      combineLatest(a, b) { "\($0)\($1)" }
    ///
    /// As in RxSwift 6: nothing is emitted until every source has emitted; the result completes when every
    /// source has completed (a source completing without an element does not end it while others run); the
    /// first error, or one thrown by `resultSelector`, fails it.
    ///
    /// - parameter resultSelector: Function to invoke whenever any of the sources produces an element.
    /// - returns: An observable sequence containing the result of combining elements of the sources using the
    ///   specified result selector function.
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType, O7: ObservableType, O8: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        _ source8: O8,
        resultSelector:
            @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)
            throws -> Element
    ) -> Observable<Element> {
        let observable1 = source1.asObservable()
        let observable2 = source2.asObservable()
        let observable3 = source3.asObservable()
        let observable4 = source4.asObservable()
        let observable5 = source5.asObservable()
        let observable6 = source6.asObservable()
        let observable7 = source7.asObservable()
        let observable8 = source8.asObservable()
        return CombineLatestProducer(arity: 8) { sink in
            var latest1: O1.Element?
            var latest2: O2.Element?
            var latest3: O3.Element?
            var latest4: O4.Element?
            var latest5: O5.Element?
            var latest6: O6.Element?
            var latest7: O7.Element?
            var latest8: O8.Element?
            sink.setResultSelector {
                try resultSelector(
                    latest1!, latest2!, latest3!, latest4!, latest5!, latest6!, latest7!, latest8!
                )
            }
            return [
                sink.subscribe(observable1, index: 0) { latest1 = $0 },
                sink.subscribe(observable2, index: 1) { latest2 = $0 },
                sink.subscribe(observable3, index: 2) { latest3 = $0 },
                sink.subscribe(observable4, index: 3) { latest4 = $0 },
                sink.subscribe(observable5, index: 4) { latest5 = $0 },
                sink.subscribe(observable6, index: 5) { latest6 = $0 },
                sink.subscribe(observable7, index: 6) { latest7 = $0 },
                sink.subscribe(observable8, index: 7) { latest8 = $0 },
            ]
        }
    }
}

extension ObservableType where Element == Any {
    /// Merges the specified observable sequences into one observable sequence of tuples whenever any of the
    /// observable sequences produces an element.
    ///
    /// - seealso: [combineLatest operator on reactivex.io](http://reactivex.io/documentation/operators/combinelatest.html)
    ///
    /// Completion follows the rules of `combineLatest(_:_:resultSelector:)`.
    ///
    /// - returns: An observable sequence containing the result of combining elements of the sources.
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType, O7: ObservableType, O8: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        _ source8: O8
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)> {
        Observable.combineLatest(
            source1, source2, source3, source4, source5, source6, source7, source8,
            resultSelector: { ($0, $1, $2, $3, $4, $5, $6, $7) }
        )
    }
}
