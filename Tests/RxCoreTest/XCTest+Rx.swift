import RxCore
import XCTest

/// Asserts two lists of events are equal.
///
/// Event is considered equal if:
/// * `Next` events are equal if they have equal corresponding elements.
/// * `Error` events are equal if errors have same domain and code for `NSError` representation and have equal
///   descriptions.
/// * `Completed` events are always equal.
///
/// - parameter lhs: first set of events.
/// - parameter rhs: second set of events.
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [Event<Element>],
    _ rhs: [Event<Element>],
    file: StaticString = #filePath,
    line: UInt = #line
) {
    if lhs == rhs {
        return
    }
    printSequenceDifferences(lhs, rhs)
    XCTFail("Events differ:\n  got:      \(lhs)\n  expected: \(rhs)", file: file, line: line)
}

/// Asserts two lists of Recorded events are equal.
///
/// Recorded events are equal if times are equal and recorded events are equal.
///
/// - parameter lhs: first set of events.
/// - parameter rhs: second set of events.
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [Recorded<Event<Element>>],
    _ rhs: [Recorded<Event<Element>>],
    file: StaticString = #filePath,
    line: UInt = #line
) {
    if lhs == rhs {
        return
    }
    printSequenceDifferences(lhs, rhs)
    XCTFail("Recorded events differ:\n  got:      \(lhs)\n  expected: \(rhs)", file: file, line: line)
}

/// Asserts two lists of Recorded events with optional elements are equal.
///
/// - parameter lhs: first set of events.
/// - parameter rhs: second set of events.
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [Recorded<Event<Element?>>],
    _ rhs: [Recorded<Event<Element?>>],
    file: StaticString = #filePath,
    line: UInt = #line
) {
    if lhs == rhs {
        return
    }
    printSequenceDifferences(lhs, rhs)
    XCTFail("Recorded events differ:\n  got:      \(lhs)\n  expected: \(rhs)", file: file, line: line)
}

/// Asserts two lists of subscriptions are equal.
///
/// - parameter lhs: first list of subscriptions.
/// - parameter rhs: second list of subscriptions.
public func XCTAssertEqual(
    _ lhs: [Subscription],
    _ rhs: [Subscription],
    file: StaticString = #filePath,
    line: UInt = #line
) {
    if lhs == rhs {
        return
    }
    printSequenceDifferences(lhs, rhs)
    XCTFail("Subscriptions differ:\n  got:      \(lhs)\n  expected: \(rhs)", file: file, line: line)
}

/// Assert a list of Recorded events has emitted the provided elements. This method does not take event times into
/// consideration.
///
/// - parameter stream: Array of recorded events.
/// - parameter elements: Array of expected elements.
public func XCTAssertRecordedElements<Element: Equatable>(
    _ stream: [Recorded<Event<Element>>],
    _ elements: [Element],
    file: StaticString = #filePath,
    line: UInt = #line
) {
    let streamElements = stream.compactMap { $0.value.element }
    if streamElements == elements {
        return
    }
    XCTFail("Elements differ:\n  got:      \(streamElements)\n  expected: \(elements)", file: file, line: line)
}

private func printSequenceDifferences<Element: Equatable>(_ lhs: [Element], _ rhs: [Element]) {
    print("Differences:")
    for (index, elements) in zip(lhs, rhs).enumerated() where elements.0 != elements.1 {
        print("lhs[\(index)]:\n    \(elements.0)")
        print("rhs[\(index)]:\n    \(elements.1)")
    }

    let shortest = min(lhs.count, rhs.count)
    for (index, element) in lhs[shortest...].enumerated() {
        print("lhs[\(index + shortest)]:\n    \(element)")
    }
    for (index, element) in rhs[shortest...].enumerated() {
        print("rhs[\(index + shortest)]:\n    \(element)")
    }
}
