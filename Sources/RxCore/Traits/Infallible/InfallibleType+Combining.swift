// Combining infallible sequences: RxSwift 6's flat-map family, `concat`, `merge`, `withLatestFrom`, `share` and
// `combineLatest` over a collection (the 2…8-ary `zip`/`combineLatest` are generated, in the `+arity` files).
// The flat-map family accepts any `ObservableConvertibleType`, as RxSwift's does: the inner sequences must not
// fail (convert them with `asInfallible(onErrorJustReturn:)` or one of its siblings first).
extension InfallibleType {
    /// Projects each element to a sequence and merges the resulting sequences into one infallible sequence.
    ///
    /// - parameter selector: A transform function to apply to each element.
    /// - returns: An infallible sequence of the inner sequences' elements, merged.
    @inlinable public func flatMap<Source: ObservableConvertibleType>(_ selector: @escaping (Element) -> Source)
        -> Infallible<Source.Element>
    {
        Infallible(self.asObservable().flatMap(selector))
    }

    /// Projects each element to a sequence and produces the elements of the most recent one only (`map` +
    /// `switchLatest`).
    ///
    /// - parameter selector: A transform function to apply to each element.
    /// - returns: An infallible sequence of the latest inner sequence's elements.
    @inlinable public func flatMapLatest<Source: ObservableConvertibleType>(_ selector: @escaping (Element) -> Source)
        -> Infallible<Source.Element>
    {
        Infallible(self.asObservable().flatMapLatest(selector))
    }

    /// Projects each element to a sequence and merges them, ignoring elements that arrive while an inner sequence
    /// runs.
    ///
    /// - parameter selector: A transform function to apply to each element.
    /// - returns: An infallible sequence of the inner sequences' elements.
    @inlinable public func flatMapFirst<Source: ObservableConvertibleType>(_ selector: @escaping (Element) -> Source)
        -> Infallible<Source.Element>
    {
        Infallible(self.asObservable().flatMapFirst(selector))
    }

    /// Projects each element to a sequence and concatenates the resulting sequences, one after the other.
    ///
    /// - parameter selector: A transform function to apply to each element.
    /// - returns: An infallible sequence of the inner sequences' elements, in order.
    @inlinable public func concatMap<Source: ObservableConvertibleType>(_ selector: @escaping (Element) -> Source)
        -> Infallible<Source.Element>
    {
        Infallible(self.asObservable().concatMap(selector))
    }

    /// Concatenates the second sequence to `self` upon successful termination of `self`.
    ///
    /// - parameter second: Second sequence.
    /// - returns: An infallible sequence that contains the elements of `self`, followed by those of `second`.
    @inlinable public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Infallible<Element>
    where Source.Element == Element {
        Infallible(Observable.concat([self.asObservable(), second.asObservable()]))
    }

    /// Concatenates all infallible sequences in the given sequence, one after the other.
    @inlinable public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Infallible<Element>
    where Sequence.Element == Infallible<Element> {
        Infallible(Observable.concat(sequence.map { $0.asObservable() }))
    }

    /// Concatenates all infallible sequences in the given collection, one after the other.
    @inlinable public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Infallible<Element>
    where Collection.Element == Infallible<Element> {
        Infallible(Observable.concat(collection.map { $0.asObservable() }))
    }

    /// Concatenates the given infallible sequences, one after the other.
    @inlinable public static func concat(_ sources: Infallible<Element>...) -> Infallible<Element> {
        Infallible(Observable.concat(sources.map { $0.asObservable() }))
    }

    /// Merges elements from all infallible sequences in the collection into a single infallible sequence.
    ///
    /// RxSwift 6 concatenates here (a known slip in its source); RxCore merges, as the name and the array forms
    /// say.
    @inlinable public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Infallible<Element>
    where Collection.Element == Infallible<Element> {
        Infallible(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Merges elements from all infallible sequences in the array into a single infallible sequence.
    @inlinable public static func merge(_ sources: [Infallible<Element>]) -> Infallible<Element> {
        Infallible(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Merges elements from all given infallible sequences into a single infallible sequence.
    @inlinable public static func merge(_ sources: Infallible<Element>...) -> Infallible<Element> {
        Infallible(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Combines each element of `self` with the latest element of `second`, if any.
    ///
    /// - parameter second: Second infallible sequence.
    /// - parameter resultSelector: Function to invoke for each element from `self` combined with the latest
    ///   element from `second`; it must not throw.
    /// - returns: An infallible sequence of the results.
    @inlinable public func withLatestFrom<Source: InfallibleType, ResultType>(
        _ second: Source,
        resultSelector: @escaping (Element, Source.Element) throws -> ResultType
    ) -> Infallible<ResultType> {
        Infallible(self.asObservable().withLatestFrom(second.asObservable(), resultSelector: resultSelector))
    }

    /// Emits the latest element of `second` every time `self` emits an element.
    ///
    /// - parameter second: Second infallible sequence.
    /// - returns: An infallible sequence of the latest elements of `second`.
    @inlinable public func withLatestFrom<Source: InfallibleType>(_ second: Source) -> Infallible<Source.Element> {
        self.withLatestFrom(second) { $1 }
    }

    /// Shares a single subscription to the underlying sequence and replays `replay` elements to new
    /// subscribers, as `Observable.share(replay:scope:)`.
    ///
    /// - parameter replay: Maximum element count of the replay buffer.
    /// - parameter scope: Lifetime scope of sharing subject.
    /// - returns: An infallible sequence that contains the elements of a sequence produced by multicasting the
    ///   source sequence.
    @inlinable
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Infallible<Element> {
        Infallible(self.asObservable().share(replay: replay, scope: scope))
    }

    /// Merges the infallible sequences of a collection into one, by the selector function, whenever any of them
    /// produces an element (once all have produced one).
    ///
    /// - parameter resultSelector: Function to invoke whenever any of the sources produces an element; it must
    ///   not throw.
    /// - returns: An infallible sequence of the results.
    @inlinable public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection,
        resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
    ) -> Infallible<Element> where Collection.Element: InfallibleType {
        Infallible(Observable.combineLatest(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// Merges the infallible sequences of a collection into one sequence of arrays whenever any of them produces
    /// an element (once all have produced one).
    ///
    /// - returns: An infallible sequence of arrays of the latest elements.
    @inlinable
    public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection) -> Infallible<[Element]>
    where Collection.Element: InfallibleType, Collection.Element.Element == Element {
        Infallible(Observable.combineLatest(collection.map { $0.asObservable() }))
    }
}
