/// How a predicate gates a sequence: `skip(while:)` and `take(until:behavior:)` (hence `take(while:)`) are one
/// algorithm, testing elements until the first hit, then passing everything or nothing more.
enum WhilePredicateMode: Equatable {
    /// Drop elements while the predicate holds; from the first that fails it, pass every element untested.
    case skipWhile
    /// Pass elements until one satisfies the predicate, then complete (passing that one too when `inclusive`).
    case takeUntil(inclusive: Bool)
}

/// `skip(while:)` and `take(until:behavior:)`: a source gated by a predicate, as `mode` says. An error thrown by
/// the predicate terminates the sequence with that error.
final class WhilePredicate<Element>:
    SourceProducer<Element, Element, (mode: WhilePredicateMode, predicate: (Element) throws -> Bool)>,
    @unchecked Sendable
{
    typealias Predicate = (Element) throws -> Bool

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = WhilePredicateSink(
            mode: self.parameters.mode,
            predicate: self.parameters.predicate,
            observer: observer,
            cancel: cancel
        )
        return subscribed(sink, to: self.source)
    }
}

/// The sink of `WhilePredicate`: tests elements until the first hit, then passes all (skip) or none (take).
private final class WhilePredicateSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element

    private enum State {
        case testing, passing, done
    }

    private let mode: WhilePredicateMode
    private let predicate: WhilePredicate<Element>.Predicate
    private var state = State.testing

    init(
        mode: WhilePredicateMode,
        predicate: @escaping WhilePredicate<Element>.Predicate,
        observer: Observer,
        cancel: Cancelable
    ) {
        self.mode = mode
        self.predicate = predicate
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        guard case .next(let value) = event else {
            return self.forwardStop(event)
        }
        switch self.state {
        case .done:
            return
        case .passing:
            self.forwardOn(event)
        case .testing:
            let hit: Bool
            do {
                hit = try self.predicate(value)
            } catch {
                return self.forwardError(error)
            }
            self.test(event, hit: hit)
        }
    }

    /// Acts on the predicate's verdict on one element while still testing.
    private func test(_ event: Event<Element>, hit: Bool) {
        switch self.mode {
        case .skipWhile:
            if !hit {
                self.state = .passing
                self.forwardOn(event)
            }
        case .takeUntil(let inclusive):
            if !hit {
                self.forwardOn(event)
                return
            }
            self.state = .done
            if inclusive {
                self.forwardOn(event)
            }
            self.forwardOn(.completed)
            self.dispose()
        }
    }
}
