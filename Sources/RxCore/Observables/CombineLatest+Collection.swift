extension ObservableType {
    /// Merges the specified observable sequences into one observable sequence by using the selector function
    /// whenever any of the observable sequences produces an element.
    ///
    /// - seealso: [combinelatest operator on reactivex.io](http://reactivex.io/documentation/operators/combinelatest.html)
    ///
    ///     [a, b]:  a --1-----2-----|   b -----x-----|
    ///     result:  -----[1,x]-[2,x]----|
    ///
    /// Completion follows the rules of `combineLatest(_:_:resultSelector:)`; an empty collection completes at
    /// once.
    ///
    /// - parameter resultSelector: Function to invoke whenever any of the sources produces an element.
    /// - returns: An observable sequence containing the result of combining elements of the sources using the
    ///   specified result selector function.
    public static func combineLatest<Sources: Collection>(
        _ collection: Sources,
        resultSelector: @escaping ([Sources.Element.Element]) throws -> Element
    ) -> Observable<Element> where Sources.Element: ObservableType {
        combineLatestCollection(collection, resultSelector: resultSelector)
    }

    /// Merges the specified observable sequences into one observable sequence whenever any of the observable
    /// sequences produces an element.
    ///
    /// - seealso: [combinelatest operator on reactivex.io](http://reactivex.io/documentation/operators/combinelatest.html)
    ///
    /// Completion follows the rules of `combineLatest(_:_:resultSelector:)`; an empty collection completes at
    /// once.
    ///
    /// - returns: An observable sequence containing the result of combining elements of the sources.
    public static func combineLatest<Sources: Collection>(_ collection: Sources) -> Observable<[Element]>
    where Sources.Element: ObservableType, Sources.Element.Element == Element {
        combineLatestCollection(collection) { $0 }
    }
}

private func combineLatestCollection<Sources: Collection, Result>(
    _ collection: Sources,
    resultSelector: @escaping ([Sources.Element.Element]) throws -> Result
) -> Observable<Result> where Sources.Element: ObservableType {
    let sources = collection.map { $0.asObservable() }
    return CombineLatestProducer(arity: sources.count) { sink in
        var latest = [Sources.Element.Element?](repeating: nil, count: sources.count)
        sink.setResultSelector { try resultSelector(latest.map { $0! }) }
        return sources.enumerated().map { index, source in
            sink.subscribe(source, index: index) { latest[index] = $0 }
        }
    }
}
