extension ObservableType where Element: Equatable {
    /// Returns an observable sequence that contains only distinct contiguous elements according to equality
    /// operator.
    ///
    /// - seealso: [distinct operator on reactivex.io](http://reactivex.io/documentation/operators/distinct.html)
    ///
    ///     --1--1--2--2--1--|      distinctUntilChanged()
    ///     --1-----2-----1--|
    ///
    /// - returns: An observable sequence only containing the distinct contiguous elements, based on equality
    ///   operator, from the source sequence.
    public func distinctUntilChanged() -> Observable<Element> {
        self.distinctUntilChanged({ $0 }, comparer: { $0 == $1 })
    }
}

extension ObservableType {
    /// Returns an observable sequence that contains only distinct contiguous elements according to the
    /// `keySelector`.
    ///
    ///     --"a"--"A"--"b"--|      distinctUntilChanged { $0.lowercased() }
    ///     --"a"-------"b"--|
    ///
    /// - parameter keySelector: A function to compute the comparison key for each element.
    /// - returns: An observable sequence only containing the distinct contiguous elements, based on a computed
    ///   key value, from the source sequence.
    public func distinctUntilChanged<Key: Equatable>(
        _ keySelector: @escaping (Element) throws -> Key
    )
        -> Observable<Element>
    {
        self.distinctUntilChanged(keySelector, comparer: { $0 == $1 })
    }

    /// Returns an observable sequence that contains only distinct contiguous elements according to the
    /// `comparer`.
    ///
    ///     --1--2--5--6--|      distinctUntilChanged { abs($0 - $1) < 2 }
    ///     --1-----5-----|
    ///
    /// Each element is compared with the last element that was let through.
    ///
    /// - parameter comparer: Equality comparer for computed key values.
    /// - returns: An observable sequence only containing the distinct contiguous elements, based on `comparer`,
    ///   from the source sequence.
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool) -> Observable<Element> {
        self.distinctUntilChanged({ $0 }, comparer: comparer)
    }

    /// Returns an observable sequence that contains only distinct contiguous elements according to the
    /// `keySelector` and the `comparer`.
    ///
    ///     --(1,a)--(1,b)--(2,c)--|      distinctUntilChanged({ $0.0 }, comparer: ==)
    ///     --(1,a)---------(2,c)--|
    ///
    /// An error thrown by `keySelector` or `comparer` terminates the sequence with that error.
    ///
    /// - parameter keySelector: A function to compute the comparison key for each element.
    /// - parameter comparer: Equality comparer for computed key values.
    /// - returns: An observable sequence only containing the distinct contiguous elements, based on a computed
    ///   key value and the comparer, from the source sequence.
    public func distinctUntilChanged<Key>(
        _ keySelector: @escaping (Element) throws -> Key,
        comparer: @escaping (Key, Key) throws -> Bool
    ) -> Observable<Element> {
        DistinctUntilChanged(source: self.asObservable(), selector: keySelector, comparer: comparer)
    }

    /// Returns an observable sequence that contains only contiguous elements with distinct values in the
    /// provided key path on each object.
    ///
    ///     --{id 1}--{id 1}--{id 2}--|      distinctUntilChanged(at: \.id)
    ///     --{id 1}----------{id 2}--|
    ///
    /// - parameter keyPath: The key path of the property compared.
    /// - returns: An observable sequence only containing the distinct contiguous elements, based on equality
    ///   operator on the provided key path.
    public func distinctUntilChanged<Property: Equatable>(
        at keyPath: KeyPath<Element, Property>
    )
        -> Observable<Element>
    {
        self.distinctUntilChanged { $0[keyPath: keyPath] == $1[keyPath: keyPath] }
    }
}

private final class DistinctUntilChangedSink<Observer: ObserverType, Key>: Sink<Observer>, ObserverType,
    @unchecked Sendable
{
    typealias Element = Observer.Element

    private let parent: DistinctUntilChanged<Element, Key>
    // Per-element state, serialized by the Rx contract: no dynamic exclusivity check (a thread-local lookup per access).
    @exclusivity(unchecked) private var currentKey: Key?

    init(parent: DistinctUntilChanged<Element, Key>, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            do {
                let key = try self.parent.selector(value)
                if let currentKey = self.currentKey, try self.parent.comparer(currentKey, key) {
                    return
                }
                self.currentKey = key
                self.forwardOn(event)
            } catch {
                self.forwardError(error)
            }
        case .error, .completed:
            self.forwardStop(event)
        }
    }
}

private final class DistinctUntilChanged<Element, Key>: Producer<Element>, @unchecked Sendable {
    typealias KeySelector = (Element) throws -> Key
    typealias EqualityComparer = (Key, Key) throws -> Bool

    private let source: Observable<Element>
    fileprivate let selector: KeySelector
    fileprivate let comparer: EqualityComparer

    init(source: Observable<Element>, selector: @escaping KeySelector, comparer: @escaping EqualityComparer) {
        self.source = source
        self.selector = selector
        self.comparer = comparer
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = DistinctUntilChangedSink(parent: self, observer: observer, cancel: cancel)
        return subscribed(sink, to: self.source)
    }
}
