import RxCore
import RxCoreTest
import XCTest

final class SingleZipTests: RxTest {
    func testSingleZip_combinesWhenAllSucceed() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let b = scheduler.createColdObservable([.next(30, "x"), .completed(30)])

        let res = scheduler.start { Single.zip(a.asSingle(), b.asSingle()) { "\($0)\($1)" } }

        XCTAssertEqual(res.events, [.next(230, "1x"), .completed(230)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 230)])
    }

    func testSingleZip_tupleForm() throws {
        let zipped = Single.zip(Single.just(1), Single.just("a"), Single.just(true))

        let (number, letter, flag) = try zipped.toBlocking().single()

        XCTAssertEqual(number, 1)
        XCTAssertEqual(letter, "a")
        XCTAssertTrue(flag)
    }

    func testSingleZip_failureFailsAndDisposesOthers() {
        let scheduler = TestScheduler(initialClock: 0)
        let slow = scheduler.createColdObservable([.next(100, 1), .completed(100)])

        let res = scheduler.start { Single.zip(slow.asSingle(), Single<Int>.error(TestError.boom)) { $0 + $1 } }

        XCTAssertEqual(res.events, [.error(200, TestError.boom)])
        XCTAssertEqual(slow.subscriptions, [Subscription(200, 200)])
    }

    func testSingleZip_eightSources() throws {
        let one = Single.just(1)

        let sum = try Single.zip(one, one, one, one, one, one, one, one) {
            (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int, h: Int) -> Int in
            [a, b, c, d, e, f, g, h].reduce(0, +)
        }.toBlocking().single()

        XCTAssertEqual(sum, 8)
    }
}
