extension ObservableType {
    /// Samples the source observable sequence using a sampler observable sequence producing sampling ticks.
    ///
    /// Upon each sampling tick, the latest element (if any) in the source sequence during the last sampling
    /// interval is sent to the resulting sequence.
    ///
    /// **In case there were no new elements between sampler ticks, if a default value has been set then it is
    /// sent to the resulting sequence otherwise no element is sent.**
    ///
    /// - seealso: [sample operator on reactivex.io](http://reactivex.io/documentation/operators/sample.html)
    ///
    ///     source:   --1--2-----3---------|
    ///     sampler:  ----x----x----x----x----x
    ///     result:   ----1----2----3-----------|   (completes at the first tick after the source completed)
    ///
    /// - parameter sampler: Sampling tick sequence.
    /// - parameter defaultValue: a value to return if there are no new elements between sampler ticks.
    /// - returns: Sampled observable sequence.
    public func sample<Source: ObservableType>(_ sampler: Source, defaultValue: Element? = nil)
        -> Observable<Element>
    {
        Sample(source: asObservable(), parameters: (sampler: sampler.asObservable(), defaultValue: defaultValue))
    }
}

private final class SamplerSink<Observer: ObserverType, SampleType>: ObserverType, @unchecked Sendable {
    // @unchecked: all state lives in the parent sink and is touched under the parent's lock.
    typealias Element = SampleType
    typealias Parent = SampleSequenceSink<Observer, SampleType>

    private let parent: Parent

    init(parent: Parent) {
        self.parent = parent
    }

    func on(_ event: Event<Element>) {
        parent.lock.performLocked {
            switch event {
            case .next, .completed:
                if let element = parent.element {
                    parent.element = nil
                    parent.forwardOn(.next(element))
                } else if let defaultValue = parent.parent.parameters.defaultValue {
                    parent.forwardOn(.next(defaultValue))
                }
                if parent.atEnd {
                    parent.forwardOn(.completed)
                    parent.dispose()
                }
            case .error(let error):
                parent.forwardOn(.error(error))
                parent.dispose()
            }
        }
    }
}

private final class SampleSequenceSink<Observer: ObserverType, SampleType>:
    ParentSink<Sample<Observer.Element, SampleType>, Observer>, SelfSubscribingSink, ObserverType, @unchecked Sendable
{
    typealias Element = Observer.Element

    let lock = RecursiveLock()
    private let sourceSubscription = SingleAssignmentDisposable()

    // state, guarded by `lock`
    var element: Element?
    var atEnd = false

    func run() -> Disposable {
        sourceSubscription.setDisposable(parent.source.subscribe(self))
        let samplerSubscription = parent.parameters.sampler.subscribe(SamplerSink(parent: self))
        return Disposables.create(sourceSubscription, samplerSubscription)
    }

    func on(_ event: Event<Element>) {
        lock.performLocked {
            switch event {
            case .next(let element):
                self.element = element
            case .error:
                forwardOn(event)
                dispose()
            case .completed:
                atEnd = true
                sourceSubscription.dispose()
            }
        }
    }
}

private final class Sample<Element, SampleType>:
    SourceProducer<Element, Element, (sampler: Observable<SampleType>, defaultValue: Element?)>, @unchecked Sendable
{
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        return self.running(SampleSequenceSink(parent: self, observer: observer, cancel: cancel))
    }
}
