import RxCore
import RxCoreTest
import XCTest

private final class Owner {
    let name: String
    init(name: String) { self.name = name }
}

final class WithUnretainedTests: RxTest {
    func testWithUnretained_objectAlive_pairsItWithEachElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let owner = Owner(name: "o")
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])

        let res = scheduler.start { xs.withUnretained(owner) { "\($0.name)\($1)" } }

        XCTAssertEqual(res.events, [.next(210, "o1"), .next(220, "o2"), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testWithUnretained_objectReleased_completesAtTheNextElementAndUnsubscribes() {
        // Given an owner released at 215
        let scheduler = TestScheduler(initialClock: 0)
        var owner: Owner? = Owner(name: "o")
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
        scheduler.scheduleAt(215) { owner = nil }

        // When the sequence is observed with it unretained
        let res = scheduler.start { xs.withUnretained(owner!) { $0.name + "\($1)" } }

        // Then the element after the release completes the sequence instead
        XCTAssertEqual(res.events, [.next(210, "o1"), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testWithUnretained_doesNotRetainTheObject() {
        weak var released: Owner?
        let subject = PublishSubject<Int>()
        var disposable: Disposable?
        do {
            let owner = Owner(name: "o")
            released = owner
            disposable = subject.withUnretained(owner).subscribe()
        }

        XCTAssertNil(released)
        disposable?.dispose()
    }

    func testWithUnretained_tupleForm_andErrorPassesThrough() {
        let scheduler = TestScheduler(initialClock: 0)
        let owner = Owner(name: "o")
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom, Int.self)])

        let res = scheduler.start { xs.withUnretained(owner).map { $0.0.name + "\($0.1)" } }

        XCTAssertEqual(res.events, [.next(210, "o1"), .error(220, TestError.boom)])
    }
}
