extension ObservableType {
    /// Projects each element of an observable sequence into an optional form and filters all optional results.
    ///
    ///     --"1"--"x"--"3"--|      compactMap { Int($0) }
    ///     --1---------3----|
    ///
    /// An error thrown by `transform` terminates the sequence with that error.
    ///
    /// - parameter transform: A transform function to apply to each source element and which returns an element
    ///   or nil.
    /// - returns: An observable sequence whose elements are the result of filtering the transform function for
    ///   each element of the source.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Observable<Result> {
        CompactMap(source: self.asObservable(), parameters: transform)
    }
}

private final class CompactMapSink<SourceType, Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
{
    typealias Transform = (SourceType) throws -> ResultType?
    typealias ResultType = Observer.Element

    private let transform: Transform

    init(transform: @escaping Transform, observer: Observer, cancel: Cancelable) {
        self.transform = transform
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<SourceType>) {
        switch event {
        case .next(let element):
            do {
                if let mappedElement = try self.transform(element) {
                    self.forwardOn(.next(mappedElement))
                }
            } catch {
                self.forwardError(error)
            }
        case .error, .completed:
            self.forwardStop(event)
        }
    }
}

/// The producer of `compactMap`; its parameter is the transform.
private final class CompactMap<SourceType, ResultType>:
    SourceProducer<SourceType, ResultType, (SourceType) throws -> ResultType?>, @unchecked Sendable
{
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == ResultType {
        let sink = CompactMapSink(transform: self.parameters, observer: observer, cancel: cancel)
        return subscribed(sink, to: self.source)
    }
}
