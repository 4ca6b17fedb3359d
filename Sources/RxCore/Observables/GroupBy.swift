extension ObservableType {
    /// Groups the elements of an observable sequence according to a specified key selector function.
    ///
    /// - seealso: [groupBy operator on reactivex.io](http://reactivex.io/documentation/operators/groupby.html)
    ///
    ///     --1--2--3--4--|        groupBy { $0 % 2 }
    ///     --o--e--------|        o (key 1): 1--3--|     e (key 0): 2--4--|
    ///
    /// A group is emitted when its key is first seen, before its first element. Terminal events reach every group
    /// and then the outer sequence. The source stays subscribed while the outer subscription or any group
    /// subscription lives. An error thrown by `keySelector` terminates every group and the outer sequence.
    ///
    /// - parameter keySelector: A function to extract the key for each element.
    /// - returns: A sequence of observable groups, each of which corresponds to a unique key value, containing
    ///   all elements that share that same key value.
    public func groupBy<Key: Hashable>(keySelector: @escaping (Element) throws -> Key)
        -> Observable<GroupedObservable<Key, Element>>
    {
        GroupBy(source: asObservable(), parameters: keySelector)
    }
}

private final class GroupBySink<Key: Hashable, Element, Observer: ObserverType>:
    ParentSink<GroupBy<Key, Element>, Observer>, SelfSubscribingSink, ObserverType, @unchecked Sendable
where Observer.Element == GroupedObservable<Key, Element>
{
    // @unchecked: the group table is only touched from `on`, which the source calls serially (Rx contract).
    typealias Parent = GroupBy<Key, Element>

    private let subscription = SingleAssignmentDisposable()
    private let refCountDisposable: RefCountDisposable
    /// Groups by key, and keys in order of appearance so terminal events reach groups deterministically.
    private var groupedSubjectTable: [Key: PublishSubject<Element>] = [:]
    private var keysInOrder: [Key] = []

    override init(parent: Parent, observer: Observer, cancel: Cancelable) {
        refCountDisposable = RefCountDisposable(disposable: subscription)
        super.init(parent: parent, observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        subscription.setDisposable(parent.source.subscribe(self))
        return refCountDisposable
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            do {
                let groupKey = try parent.parameters(value)
                onGroupEvent(key: groupKey, value: value)
            } catch {
                fail(error)
            }
        case .error(let error):
            fail(error)
        case .completed:
            forwardOnGroups(event: .completed)
            forwardOn(.completed)
            subscription.dispose()
            dispose()
        }
    }

    private func onGroupEvent(key: Key, value: Element) {
        if let writer = groupedSubjectTable[key] {
            writer.on(.next(value))
            return
        }
        let writer = PublishSubject<Element>()
        groupedSubjectTable[key] = writer
        keysInOrder.append(key)
        let group = GroupedObservable(
            key: key,
            source: AddRef(source: writer.asObservable(), parameters: refCountDisposable)
        )
        forwardOn(.next(group))
        writer.on(.next(value))
    }

    private func fail(_ error: Swift.Error) {
        forwardOnGroups(event: .error(error))
        forwardOn(.error(error))
        subscription.dispose()
        dispose()
    }

    private func forwardOnGroups(event: Event<Element>) {
        for key in keysInOrder {
            groupedSubjectTable[key]?.on(event)
        }
    }
}

/// The producer of `groupBy`; its parameter is the key selector.
private final class GroupBy<Key: Hashable, Element>:
    SourceProducer<Element, GroupedObservable<Key, Element>, (Element) throws -> Key>, @unchecked Sendable
{
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == GroupedObservable<Key, Element> {
        return self.running(GroupBySink(parent: self, observer: observer, cancel: cancel))
    }
}
