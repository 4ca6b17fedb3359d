/// Forwards the events of a sequence that takes over from the source — the handler's sequence of `catch`, the
/// `switchTo` sequence of `ifEmpty`, the second sequence of `andThen` — through the sink, disposing the sink when
/// that sequence terminates (RxSwift's `CatchSinkProxy` and its siblings).
final class SinkProxy<Observer: ObserverType>: ObserverType {
    private let sink: Sink<Observer>

    init(sink: Sink<Observer>) {
        self.sink = sink
    }

    func on(_ event: Event<Observer.Element>) {
        self.sink.forwardOn(event)
        if event.isStopEvent {
            self.sink.dispose()
        }
    }
}
