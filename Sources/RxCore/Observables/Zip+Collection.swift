extension ObservableType {
    /// Merges the specified observable sequences into one observable sequence by using the selector function
    /// whenever all of the observable sequences have produced an element at a corresponding index.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    ///     [a, b]:  a --1-----2--|   b -----x-----y--|
    ///     result:  -----[1,x]-----[2,y]--|
    ///
    /// As in RxSwift 6, the collection form completes when every source has completed, and also when an element
    /// arrives while all the other sources have completed but some source has nothing queued (it could never be
    /// paired). An empty collection completes at once.
    ///
    /// - parameter resultSelector: Function to invoke for each series of elements at corresponding indexes in the
    ///   sources.
    /// - returns: An observable sequence containing the result of combining elements of the sources using the
    ///   specified result selector function.
    public static func zip<Sources: Collection>(
        _ collection: Sources,
        resultSelector: @escaping ([Sources.Element.Element]) throws -> Element
    ) -> Observable<Element> where Sources.Element: ObservableType {
        zipCollection(collection, resultSelector: resultSelector)
    }

    /// Merges the specified observable sequences into one observable sequence whenever all of the observable
    /// sequences have produced an element at a corresponding index.
    ///
    /// - seealso: [zip operator on reactivex.io](http://reactivex.io/documentation/operators/zip.html)
    ///
    /// Completion follows the rules of `zip(_:resultSelector:)`.
    ///
    /// - returns: An observable sequence containing the result of combining elements of the sources.
    public static func zip<Sources: Collection>(_ collection: Sources) -> Observable<[Element]>
    where Sources.Element: ObservableType, Sources.Element.Element == Element {
        zipCollection(collection) { $0 }
    }
}

private func zipCollection<Sources: Collection, Result>(
    _ collection: Sources,
    resultSelector: @escaping ([Sources.Element.Element]) throws -> Result
) -> Observable<Result> where Sources.Element: ObservableType {
    let sources = collection.map { $0.asObservable() }
    return ZipProducer(arity: sources.count, completesWhenUnmatchable: true) { sink in
        var queues = [Queue<Sources.Element.Element>](repeating: Queue(), count: sources.count)
        sink.setResultSelector {
            let elements = queues.indices.map { queues[$0].dequeue()! }
            return try resultSelector(elements)
        }
        return sources.enumerated().map { index, source in
            sink.subscribe(source, index: index) { queues[index].enqueue($0) }
        }
    }
}
