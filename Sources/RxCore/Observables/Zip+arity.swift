// Generated — do not edit. Template: Tests/Tools/Arity/Zip+arity.swift.tt
// Regenerate: `python3 Tests/Tools/generate-arity.py` (CI fails when this file differs from the template's output).
// Arities 2…8 of `zip`, each with and without a result selector, as in RxSwift's generated file (the sink that
// does the work is ZipSink in Internal/).

// MARK: 2

extension ObservableType {
    /// Merges the specified observable sequences into one observable sequence by using the selector function
    /// whenever all of the observable sequences have produced an element at a corresponding index.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    ///     a:      --1-----2--3--|
    ///     b:      -----x------y-----|
    ///     result: -----1x-----2y----|      zip(a, b) { "\($0)\($1)" }
    ///
    /// As in RxSwift 6 the result completes only when every source has completed, even if a completed source
    /// has no element left to pair; the first error, or one thrown by `resultSelector`, fails it.
    ///
    /// - parameter resultSelector: Function to invoke for each series of elements at corresponding indexes in
    ///   the sources.
    /// - returns: An observable sequence containing the result of combining elements of the sources using the
    ///   specified result selector function.
    public static func zip<
        O1: ObservableType, O2: ObservableType
    >(
        _ source1: O1, _ source2: O2,
        resultSelector:
            @escaping (O1.Element, O2.Element)
            throws -> Element
    ) -> Observable<Element> {
        let observable1 = source1.asObservable()
        let observable2 = source2.asObservable()
        return ZipProducer(arity: 2) { sink in
            var values1 = Queue<O1.Element>()
            var values2 = Queue<O2.Element>()
            sink.setResultSelector {
                try resultSelector(
                    values1.dequeue()!, values2.dequeue()!
                )
            }
            return [
                sink.subscribe(observable1, index: 0) { values1.enqueue($0) },
                sink.subscribe(observable2, index: 1) { values2.enqueue($0) },
            ]
        }
    }
}

extension ObservableType where Element == Any {
    /// Merges the specified observable sequences into one observable sequence of tuples whenever all of the
    /// observable sequences have produced an element at a corresponding index.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    /// Completion follows the rules of `zip(_:_:resultSelector:)`.
    ///
    /// - returns: An observable sequence containing the result of combining elements of the sources.
    public static func zip<
        O1: ObservableType, O2: ObservableType
    >(
        _ source1: O1, _ source2: O2
    ) -> Observable<(O1.Element, O2.Element)> {
        Observable.zip(
            source1, source2,
            resultSelector: { ($0, $1) }
        )
    }
}

// MARK: 3

extension ObservableType {
    /// Merges the specified observable sequences into one observable sequence by using the selector function
    /// whenever all of the observable sequences have produced an element at a corresponding index.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    ///     a:      --1-----2--3--|
    ///     b:      -----x------y-----|
    ///     result: -----1x-----2y----|      zip(a, b) { "\($0)\($1)" }
    ///
    /// As in RxSwift 6 the result completes only when every source has completed, even if a completed source
    /// has no element left to pair; the first error, or one thrown by `resultSelector`, fails it.
    ///
    /// - parameter resultSelector: Function to invoke for each series of elements at corresponding indexes in
    ///   the sources.
    /// - returns: An observable sequence containing the result of combining elements of the sources using the
    ///   specified result selector function.
    public static func zip<
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
        return ZipProducer(arity: 3) { sink in
            var values1 = Queue<O1.Element>()
            var values2 = Queue<O2.Element>()
            var values3 = Queue<O3.Element>()
            sink.setResultSelector {
                try resultSelector(
                    values1.dequeue()!, values2.dequeue()!, values3.dequeue()!
                )
            }
            return [
                sink.subscribe(observable1, index: 0) { values1.enqueue($0) },
                sink.subscribe(observable2, index: 1) { values2.enqueue($0) },
                sink.subscribe(observable3, index: 2) { values3.enqueue($0) },
            ]
        }
    }
}

extension ObservableType where Element == Any {
    /// Merges the specified observable sequences into one observable sequence of tuples whenever all of the
    /// observable sequences have produced an element at a corresponding index.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    /// Completion follows the rules of `zip(_:_:resultSelector:)`.
    ///
    /// - returns: An observable sequence containing the result of combining elements of the sources.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
        Observable.zip(
            source1, source2, source3,
            resultSelector: { ($0, $1, $2) }
        )
    }
}

// MARK: 4

extension ObservableType {
    /// Merges the specified observable sequences into one observable sequence by using the selector function
    /// whenever all of the observable sequences have produced an element at a corresponding index.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    ///     a:      --1-----2--3--|
    ///     b:      -----x------y-----|
    ///     result: -----1x-----2y----|      zip(a, b) { "\($0)\($1)" }
    ///
    /// As in RxSwift 6 the result completes only when every source has completed, even if a completed source
    /// has no element left to pair; the first error, or one thrown by `resultSelector`, fails it.
    ///
    /// - parameter resultSelector: Function to invoke for each series of elements at corresponding indexes in
    ///   the sources.
    /// - returns: An observable sequence containing the result of combining elements of the sources using the
    ///   specified result selector function.
    public static func zip<
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
        return ZipProducer(arity: 4) { sink in
            var values1 = Queue<O1.Element>()
            var values2 = Queue<O2.Element>()
            var values3 = Queue<O3.Element>()
            var values4 = Queue<O4.Element>()
            sink.setResultSelector {
                try resultSelector(
                    values1.dequeue()!, values2.dequeue()!, values3.dequeue()!, values4.dequeue()!
                )
            }
            return [
                sink.subscribe(observable1, index: 0) { values1.enqueue($0) },
                sink.subscribe(observable2, index: 1) { values2.enqueue($0) },
                sink.subscribe(observable3, index: 2) { values3.enqueue($0) },
                sink.subscribe(observable4, index: 3) { values4.enqueue($0) },
            ]
        }
    }
}

extension ObservableType where Element == Any {
    /// Merges the specified observable sequences into one observable sequence of tuples whenever all of the
    /// observable sequences have produced an element at a corresponding index.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    /// Completion follows the rules of `zip(_:_:resultSelector:)`.
    ///
    /// - returns: An observable sequence containing the result of combining elements of the sources.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
        Observable.zip(
            source1, source2, source3, source4,
            resultSelector: { ($0, $1, $2, $3) }
        )
    }
}

// MARK: 5

extension ObservableType {
    /// Merges the specified observable sequences into one observable sequence by using the selector function
    /// whenever all of the observable sequences have produced an element at a corresponding index.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    ///     a:      --1-----2--3--|
    ///     b:      -----x------y-----|
    ///     result: -----1x-----2y----|      zip(a, b) { "\($0)\($1)" }
    ///
    /// As in RxSwift 6 the result completes only when every source has completed, even if a completed source
    /// has no element left to pair; the first error, or one thrown by `resultSelector`, fails it.
    ///
    /// - parameter resultSelector: Function to invoke for each series of elements at corresponding indexes in
    ///   the sources.
    /// - returns: An observable sequence containing the result of combining elements of the sources using the
    ///   specified result selector function.
    public static func zip<
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
        return ZipProducer(arity: 5) { sink in
            var values1 = Queue<O1.Element>()
            var values2 = Queue<O2.Element>()
            var values3 = Queue<O3.Element>()
            var values4 = Queue<O4.Element>()
            var values5 = Queue<O5.Element>()
            sink.setResultSelector {
                try resultSelector(
                    values1.dequeue()!, values2.dequeue()!, values3.dequeue()!, values4.dequeue()!, values5.dequeue()!
                )
            }
            return [
                sink.subscribe(observable1, index: 0) { values1.enqueue($0) },
                sink.subscribe(observable2, index: 1) { values2.enqueue($0) },
                sink.subscribe(observable3, index: 2) { values3.enqueue($0) },
                sink.subscribe(observable4, index: 3) { values4.enqueue($0) },
                sink.subscribe(observable5, index: 4) { values5.enqueue($0) },
            ]
        }
    }
}

extension ObservableType where Element == Any {
    /// Merges the specified observable sequences into one observable sequence of tuples whenever all of the
    /// observable sequences have produced an element at a corresponding index.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    /// Completion follows the rules of `zip(_:_:resultSelector:)`.
    ///
    /// - returns: An observable sequence containing the result of combining elements of the sources.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)> {
        Observable.zip(
            source1, source2, source3, source4, source5,
            resultSelector: { ($0, $1, $2, $3, $4) }
        )
    }
}

// MARK: 6

extension ObservableType {
    /// Merges the specified observable sequences into one observable sequence by using the selector function
    /// whenever all of the observable sequences have produced an element at a corresponding index.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    ///     a:      --1-----2--3--|
    ///     b:      -----x------y-----|
    ///     result: -----1x-----2y----|      zip(a, b) { "\($0)\($1)" }
    ///
    /// As in RxSwift 6 the result completes only when every source has completed, even if a completed source
    /// has no element left to pair; the first error, or one thrown by `resultSelector`, fails it.
    ///
    /// - parameter resultSelector: Function to invoke for each series of elements at corresponding indexes in
    ///   the sources.
    /// - returns: An observable sequence containing the result of combining elements of the sources using the
    ///   specified result selector function.
    public static func zip<
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
        return ZipProducer(arity: 6) { sink in
            var values1 = Queue<O1.Element>()
            var values2 = Queue<O2.Element>()
            var values3 = Queue<O3.Element>()
            var values4 = Queue<O4.Element>()
            var values5 = Queue<O5.Element>()
            var values6 = Queue<O6.Element>()
            sink.setResultSelector {
                try resultSelector(
                    values1.dequeue()!, values2.dequeue()!, values3.dequeue()!, values4.dequeue()!, values5.dequeue()!,
                    values6.dequeue()!
                )
            }
            return [
                sink.subscribe(observable1, index: 0) { values1.enqueue($0) },
                sink.subscribe(observable2, index: 1) { values2.enqueue($0) },
                sink.subscribe(observable3, index: 2) { values3.enqueue($0) },
                sink.subscribe(observable4, index: 3) { values4.enqueue($0) },
                sink.subscribe(observable5, index: 4) { values5.enqueue($0) },
                sink.subscribe(observable6, index: 5) { values6.enqueue($0) },
            ]
        }
    }
}

extension ObservableType where Element == Any {
    /// Merges the specified observable sequences into one observable sequence of tuples whenever all of the
    /// observable sequences have produced an element at a corresponding index.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    /// Completion follows the rules of `zip(_:_:resultSelector:)`.
    ///
    /// - returns: An observable sequence containing the result of combining elements of the sources.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)> {
        Observable.zip(
            source1, source2, source3, source4, source5, source6,
            resultSelector: { ($0, $1, $2, $3, $4, $5) }
        )
    }
}

// MARK: 7

extension ObservableType {
    /// Merges the specified observable sequences into one observable sequence by using the selector function
    /// whenever all of the observable sequences have produced an element at a corresponding index.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    ///     a:      --1-----2--3--|
    ///     b:      -----x------y-----|
    ///     result: -----1x-----2y----|      zip(a, b) { "\($0)\($1)" }
    ///
    /// As in RxSwift 6 the result completes only when every source has completed, even if a completed source
    /// has no element left to pair; the first error, or one thrown by `resultSelector`, fails it.
    ///
    /// - parameter resultSelector: Function to invoke for each series of elements at corresponding indexes in
    ///   the sources.
    /// - returns: An observable sequence containing the result of combining elements of the sources using the
    ///   specified result selector function.
    public static func zip<
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
        return ZipProducer(arity: 7) { sink in
            var values1 = Queue<O1.Element>()
            var values2 = Queue<O2.Element>()
            var values3 = Queue<O3.Element>()
            var values4 = Queue<O4.Element>()
            var values5 = Queue<O5.Element>()
            var values6 = Queue<O6.Element>()
            var values7 = Queue<O7.Element>()
            sink.setResultSelector {
                try resultSelector(
                    values1.dequeue()!, values2.dequeue()!, values3.dequeue()!, values4.dequeue()!, values5.dequeue()!,
                    values6.dequeue()!, values7.dequeue()!
                )
            }
            return [
                sink.subscribe(observable1, index: 0) { values1.enqueue($0) },
                sink.subscribe(observable2, index: 1) { values2.enqueue($0) },
                sink.subscribe(observable3, index: 2) { values3.enqueue($0) },
                sink.subscribe(observable4, index: 3) { values4.enqueue($0) },
                sink.subscribe(observable5, index: 4) { values5.enqueue($0) },
                sink.subscribe(observable6, index: 5) { values6.enqueue($0) },
                sink.subscribe(observable7, index: 6) { values7.enqueue($0) },
            ]
        }
    }
}

extension ObservableType where Element == Any {
    /// Merges the specified observable sequences into one observable sequence of tuples whenever all of the
    /// observable sequences have produced an element at a corresponding index.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    /// Completion follows the rules of `zip(_:_:resultSelector:)`.
    ///
    /// - returns: An observable sequence containing the result of combining elements of the sources.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType, O7: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)> {
        Observable.zip(
            source1, source2, source3, source4, source5, source6, source7,
            resultSelector: { ($0, $1, $2, $3, $4, $5, $6) }
        )
    }
}

// MARK: 8

extension ObservableType {
    /// Merges the specified observable sequences into one observable sequence by using the selector function
    /// whenever all of the observable sequences have produced an element at a corresponding index.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    ///     a:      --1-----2--3--|
    ///     b:      -----x------y-----|
    ///     result: -----1x-----2y----|      zip(a, b) { "\($0)\($1)" }
    ///
    /// As in RxSwift 6 the result completes only when every source has completed, even if a completed source
    /// has no element left to pair; the first error, or one thrown by `resultSelector`, fails it.
    ///
    /// - parameter resultSelector: Function to invoke for each series of elements at corresponding indexes in
    ///   the sources.
    /// - returns: An observable sequence containing the result of combining elements of the sources using the
    ///   specified result selector function.
    public static func zip<
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
        return ZipProducer(arity: 8) { sink in
            var values1 = Queue<O1.Element>()
            var values2 = Queue<O2.Element>()
            var values3 = Queue<O3.Element>()
            var values4 = Queue<O4.Element>()
            var values5 = Queue<O5.Element>()
            var values6 = Queue<O6.Element>()
            var values7 = Queue<O7.Element>()
            var values8 = Queue<O8.Element>()
            sink.setResultSelector {
                try resultSelector(
                    values1.dequeue()!, values2.dequeue()!, values3.dequeue()!, values4.dequeue()!, values5.dequeue()!,
                    values6.dequeue()!, values7.dequeue()!, values8.dequeue()!
                )
            }
            return [
                sink.subscribe(observable1, index: 0) { values1.enqueue($0) },
                sink.subscribe(observable2, index: 1) { values2.enqueue($0) },
                sink.subscribe(observable3, index: 2) { values3.enqueue($0) },
                sink.subscribe(observable4, index: 3) { values4.enqueue($0) },
                sink.subscribe(observable5, index: 4) { values5.enqueue($0) },
                sink.subscribe(observable6, index: 5) { values6.enqueue($0) },
                sink.subscribe(observable7, index: 6) { values7.enqueue($0) },
                sink.subscribe(observable8, index: 7) { values8.enqueue($0) },
            ]
        }
    }
}

extension ObservableType where Element == Any {
    /// Merges the specified observable sequences into one observable sequence of tuples whenever all of the
    /// observable sequences have produced an element at a corresponding index.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    /// Completion follows the rules of `zip(_:_:resultSelector:)`.
    ///
    /// - returns: An observable sequence containing the result of combining elements of the sources.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType, O7: ObservableType, O8: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        _ source8: O8
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)> {
        Observable.zip(
            source1, source2, source3, source4, source5, source6, source7, source8,
            resultSelector: { ($0, $1, $2, $3, $4, $5, $6, $7) }
        )
    }
}
