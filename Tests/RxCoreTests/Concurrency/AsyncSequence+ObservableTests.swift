import RxCore
import RxCoreTest
import XCTest

final class AsyncSequenceObservableTests: RxTest {
    func testAsObservable_emitsEachElementThenCompletes() throws {
        let numbers = AsyncStream<Int> { continuation in
            for value in 1...3 { continuation.yield(value) }
            continuation.finish()
        }

        let values = try numbers.asObservable().toBlocking(timeout: 5).toArray()

        XCTAssertEqual(values, [1, 2, 3])
    }

    func testAsObservable_thrownError_failsTheSequence() {
        let failing = AsyncThrowingStream<Int, Error> { continuation in
            continuation.yield(1)
            continuation.finish(throwing: TestError.boom)
        }

        let result = failing.asObservable(priority: .userInitiated).toBlocking(timeout: 5).materialize()

        guard case .failed(let elements, let error) = result else {
            return XCTFail("expected a failure, got \(result)")
        }
        XCTAssertEqual(elements, [1])
        XCTAssertEqual("\(error)", "boom")
    }

    func testAsObservable_cancellationError_completes() throws {
        let cancelled = AsyncThrowingStream<Int, Error> { continuation in
            continuation.yield(1)
            continuation.finish(throwing: CancellationError())
        }

        XCTAssertEqual(try cancelled.asObservable().toBlocking(timeout: 5).toArray(), [1])
    }
}
