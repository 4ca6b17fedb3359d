import RxCore
import RxCoreTest
import XCTest

final class PrimitiveSequenceConcurrencyTests: RxTest {
    func testSingleCreateAsync_attachedAndDetached_succeed() async throws {
        let attached = try await Single<Int>.create { 1 }.value
        let detached = try await Single<Int>.create(detached: true) { 2 }.value
        let notDetached = try await Single<Int>.create(detached: false, priority: .low, work: { 3 }).value

        XCTAssertEqual([attached, detached, notDetached], [1, 2, 3])
    }

    func testSingleCreateDetached_thrownError_failsTheSingle() async {
        do {
            _ = try await Single<Int>.create(detached: true) { throw TestError.boom }.value
            XCTFail("expected the single to fail")
        } catch {
            XCTAssertEqual("\(error)", "boom")
        }
    }

    func testSingleCreateDetached_disposal_cancelsTheTask() throws {
        let started = DispatchSemaphore(value: 0)
        let cancelled = DispatchSemaphore(value: 0)
        var events: [String] = []
        let subscription = Single<Int>.create(detached: true) {
            started.signal()
            do {
                try await Task.sleep(nanoseconds: 10_000_000_000)
            } catch {
                cancelled.signal()
                throw error
            }
            return 1
        }
        .subscribe(onSuccess: { events.append("success \($0)") }, onFailure: { events.append("failure \($0)") })

        XCTAssertEqual(started.wait(timeout: .now() + 5), .success)
        subscription.dispose()

        XCTAssertEqual(cancelled.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(events, [])
    }
}
