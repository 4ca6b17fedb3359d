extension ObservableType {
    /// Prints received events for all observers on standard output (through `Hooks.debugLogger`).
    ///
    /// - seealso: [do operator on reactivex.io](http://reactivex.io/documentation/operators/do.html)
    ///
    ///     --1--2--|      debug("numbers")
    ///     --1--2--|      numbers -> subscribed, Event next(1), Event next(2), Event completed, isDisposed
    ///
    /// Each subscription logs `subscribed`, every event (`Event next(…)`, `Event error(…)`, `Event completed`)
    /// and `isDisposed` once, whether the sequence terminated or was disposed. Without an identifier the lines
    /// name the call site (`File.swift:12 (function)`). A sequence without `debug` pays nothing for it.
    ///
    /// - parameter identifier: Identifier that is printed together with event description to standard output.
    /// - parameter trimOutput: Should output be trimmed to max 40 characters.
    /// - returns: An observable sequence whose events are printed to standard output.
    public func debug(
        _ identifier: String? = nil,
        trimOutput: Bool = false,
        file: String = #file,
        line: UInt = #line,
        function: String = #function
    ) -> Observable<Element> {
        let name = identifier ?? "\(file.split(separator: "/").last.map(String.init) ?? file):\(line) (\(function))"
        return Debug(source: self.asObservable(), parameters: (identifier: name, trimOutput: trimOutput))
    }
}

private final class DebugSink<Observer: ObserverType>: ParentSink<Debug<Observer.Element>, Observer>, ObserverType,
    @unchecked Sendable
{
    typealias Element = Observer.Element

    override init(parent: Debug<Element>, observer: Observer, cancel: Cancelable) {
        super.init(parent: parent, observer: observer, cancel: cancel)
        Hooks.debugLogger(parent.parameters.identifier, "subscribed")
    }

    func on(_ event: Event<Element>) {
        let maxEventTextLength = 40
        let eventText = "\(event)"
        let half = maxEventTextLength / 2
        let eventNormalized =
            (eventText.count > maxEventTextLength) && self.parent.parameters.trimOutput
            ? String(eventText.prefix(half)) + "..." + String(eventText.suffix(half))
            : eventText
        Hooks.debugLogger(self.parent.parameters.identifier, "Event \(eventNormalized)")
        self.forwardOn(event)
        if event.isStopEvent {
            self.dispose()
        }
    }

    override func dispose() {
        if !self.isDisposed {
            Hooks.debugLogger(self.parent.parameters.identifier, "isDisposed")
        }
        super.dispose()
    }
}

private final class Debug<Element>: SourceProducer<Element, Element, (identifier: String, trimOutput: Bool)>,
    @unchecked Sendable
{
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        return subscribed(DebugSink(parent: self, observer: observer, cancel: cancel), to: self.source)
    }
}
