import Foundation
import RxCore

/// `BlockingObservable` is a variety of `Observable` that provides blocking operators, as RxBlocking's.
///
/// It can be useful for testing and demo purposes, but is generally inappropriate for production applications.
///
/// If you think you need to use a `BlockingObservable` this is usually a sign that you should rethink your
/// design.
public struct BlockingObservable<Element> {
    let timeout: TimeInterval?
    let source: Observable<Element>
}

/// The result of `materialize()`: the elements and how the sequence ended.
public enum MaterializedSequenceResult<T> {
    /// The sequence completed after emitting `elements`.
    case completed(elements: [T])
    /// The sequence failed with `error` after emitting `elements`.
    case failed(elements: [T], error: Error)
}

extension ObservableConvertibleType {
    /// Converts an Observable into a `BlockingObservable` (an Observable with blocking operators).
    ///
    /// - parameter timeout: Maximal time interval BlockingObservable can block without throwing
    ///   `RxError.timeout`.
    /// - returns: `BlockingObservable` version of `self`
    public func toBlocking(timeout: TimeInterval? = nil) -> BlockingObservable<Element> {
        BlockingObservable(timeout: timeout, source: self.asObservable())
    }
}

extension BlockingObservable {
    /// Blocks current thread until sequence terminates.
    ///
    /// If sequence terminates with error, terminating error will be thrown.
    ///
    /// - returns: All elements of sequence.
    public func toArray() throws -> [Element] {
        let results = self.materializeResult()
        return try self.elementsOrThrow(results)
    }

    /// Blocks current thread until sequence produces first element.
    ///
    /// If sequence terminates with error before producing first element, terminating error will be thrown.
    ///
    /// - returns: First element of sequence. If sequence is empty `nil` is returned.
    public func first() throws -> Element? {
        let results = self.materializeResult(max: 1)
        return try self.elementsOrThrow(results).first
    }

    /// Blocks current thread until sequence terminates.
    ///
    /// If sequence terminates with error, terminating error will be thrown.
    ///
    /// - returns: Last element in the sequence. If sequence is empty `nil` is returned.
    public func last() throws -> Element? {
        let results = self.materializeResult()
        return try self.elementsOrThrow(results).last
    }

    /// Blocks current thread until sequence terminates.
    ///
    /// If sequence terminates with error before producing first element, terminating error will be thrown.
    ///
    /// - returns: Returns the only element of a sequence, and reports an error if there is not exactly one element
    ///   in the observable sequence.
    public func single() throws -> Element {
        try self.single { _ in true }
    }

    /// Blocks current thread until sequence terminates.
    ///
    /// If sequence terminates with error before producing first element, terminating error will be thrown.
    ///
    /// - parameter predicate: A function to test each source element for a condition.
    /// - returns: Returns the only element of a sequence that satisfies the condition in the predicate, and
    ///   reports an error if there is not exactly one element in the sequence.
    public func single(_ predicate: @escaping (Element) throws -> Bool) throws -> Element {
        let results = self.materializeResult(max: 2, predicate: predicate)
        let elements = try self.elementsOrThrow(results)

        if elements.count > 1 {
            throw RxError.moreThanOneElement
        }
        guard let first = elements.first else {
            throw RxError.noElements
        }
        return first
    }

    /// Blocks current thread until sequence terminates.
    ///
    /// The sequence is materialized as a result type capturing how the sequence terminated (completed or error),
    /// along with any elements up to that point.
    ///
    /// - returns: On completion, returns the list of elements in the sequence. On error, returns the list of
    ///   elements up to that point, along with the error itself.
    public func materialize() -> MaterializedSequenceResult<Element> {
        self.materializeResult()
    }

    private func elementsOrThrow(_ results: MaterializedSequenceResult<Element>) throws -> [Element] {
        switch results {
        case .failed(_, let error):
            throw error
        case .completed(let elements):
            return elements
        }
    }

    private func materializeResult(
        max: Int? = nil,
        predicate: @escaping (Element) throws -> Bool = { _ in true }
    ) -> MaterializedSequenceResult<Element> {
        let collector = Collector<Element>()
        let subscription = self.source.subscribe { event in
            collector.receive(event, max: max, predicate: predicate)
        }
        let finished = collector.wait(timeout: timeout)
        subscription.dispose()
        if !finished {
            return .failed(elements: collector.elements, error: RxError.timeout)
        }
        return collector.result
    }
}

/// Collects events for the blocking operators and signals when done. Spins the current run loop while waiting
/// when called on the main thread, so work scheduled on `MainScheduler` still runs.
private final class Collector<Element>: @unchecked Sendable {
    private let condition = NSCondition()
    private var collected: [Element] = []
    private var error: Swift.Error?
    private var done = false

    var elements: [Element] {
        condition.lock()
        defer { condition.unlock() }
        return collected
    }

    var result: MaterializedSequenceResult<Element> {
        condition.lock()
        defer { condition.unlock() }
        if let error {
            return .failed(elements: collected, error: error)
        }
        return .completed(elements: collected)
    }

    func receive(_ event: Event<Element>, max: Int?, predicate: (Element) throws -> Bool) {
        condition.lock()
        defer { condition.unlock() }
        guard !done else { return }
        switch event {
        case .next(let element):
            do {
                if try predicate(element) {
                    collected.append(element)
                }
                if let max, collected.count >= max {
                    done = true
                }
            } catch {
                self.error = error
                done = true
            }
        case .error(let error):
            self.error = error
            done = true
        case .completed:
            done = true
        }
        if done { condition.broadcast() }
    }

    /// Waits until done; returns `false` on timeout.
    func wait(timeout: TimeInterval?) -> Bool {
        let deadline = timeout.map { Date().addingTimeInterval($0) } ?? .distantFuture
        if Thread.isMainThread {
            while true {
                condition.lock()
                let isDone = done
                condition.unlock()
                if isDone { return true }
                if Date() >= deadline { return false }
                _ = RunLoop.current.run(mode: .default, before: Date().addingTimeInterval(0.01))
            }
        }
        condition.lock()
        defer { condition.unlock() }
        while !done {
            if !condition.wait(until: deadline) {
                return done
            }
        }
        return true
    }
}
