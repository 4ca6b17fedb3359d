import RxCore
import RxCoreTest
import XCTest

final class InfallibleArityTests: RxTest {
    func testInfallibleZip_pairsByIndex_forEveryArity() {
        let a = Infallible.of(1, 2)
        let b = Infallible.of(10, 20, 30)

        XCTAssertEqual(elements(Infallible.zip(a, b) { $0 + $1 }), [11, 22])
        XCTAssertEqual(
            elements(Infallible.zip(a, a, a, a, a, a, a, a) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }),
            [8, 16]
        )
    }

    func testInfallibleCombineLatest_latestOfEach_forEveryArity() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(250)])
            .asInfallible(onErrorJustReturn: 0)
        let b = scheduler.createHotObservable([.next(220, 10), .completed(260)]).asInfallible(onErrorJustReturn: 0)

        let two = scheduler.start { Infallible.combineLatest(a, b) { $0 + $1 } }

        XCTAssertEqual(two.events, [.next(220, 11), .next(230, 12), .completed(260)])
        let c = Infallible.just(1)
        let eight = Infallible.combineLatest(c, c, c, c, c, c, c, c) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }
        XCTAssertEqual(elements(eight), [8])
    }

    private func elements<Element>(_ infallible: Infallible<Element>) -> [Element] {
        var result: [Element] = []
        _ = infallible.subscribe(onNext: { result.append($0) })
        return result
    }
}
