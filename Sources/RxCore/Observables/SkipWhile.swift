extension ObservableType {
    /// Bypasses elements in an observable sequence as long as a specified condition is true and then returns
    /// the remaining elements.
    ///
    /// - seealso: [skipWhile operator on reactivex.io](http://reactivex.io/documentation/operators/skipwhile.html)
    ///
    ///     --1--2--3--1--|      skip(while: { $0 < 3 })
    ///     --------3--1--|
    ///
    /// Once an element fails the condition, every later element is returned without testing it. An error thrown
    /// by `predicate` terminates the sequence with that error.
    ///
    /// - parameter predicate: A function to test each element for a condition.
    /// - returns: An observable sequence that contains the elements from the input sequence starting at the first
    ///   element in the linear series that does not pass the test specified by predicate.
    public func skip(while predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        SkipWhile(source: self.asObservable(), predicate: predicate)
    }
}

private final class SkipWhileSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element
    typealias Parent = SkipWhile<Element>

    private let parent: Parent
    private var running = false

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            if !self.running {
                do {
                    self.running = try !self.parent.predicate(value)
                } catch {
                    self.forwardError(error)
                    return
                }
            }
            if self.running {
                self.forwardOn(.next(value))
            }
        case .error, .completed:
            self.forwardStop(event)
        }
    }
}

private final class SkipWhile<Element>: Producer<Element>, @unchecked Sendable {
    typealias Predicate = (Element) throws -> Bool

    private let source: Observable<Element>
    fileprivate let predicate: Predicate

    init(source: Observable<Element>, predicate: @escaping Predicate) {
        self.source = source
        self.predicate = predicate
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        return self.subscribing(SkipWhileSink(parent: self, observer: observer, cancel: cancel), to: self.source)
    }
}
