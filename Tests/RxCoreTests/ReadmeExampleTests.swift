import RxCore
import RxCoreTest
import XCTest

/// The examples of docs/rxcore.md ("RxCore for RxSwift users"), so the documentation cannot rot.
final class ReadmeExampleTests: RxTest {
    func testReadmeExample_searchPipeline() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)  // one tick per millisecond
        let searches = PublishRelay<String>()
        var searched: [String] = []
        var disposeBag = DisposeBag()

        searches
            .debounce(.milliseconds(300), scheduler: scheduler)
            .filter { !$0.isEmpty }
            .share(replay: 1)
            .subscribe(onNext: { query in searched.append("\(query)@\(scheduler.clock)") })
            .disposed(by: disposeBag)
        scheduler.scheduleAt(10) { searches.accept("r") }
        scheduler.scheduleAt(100) { searches.accept("rx") }
        scheduler.scheduleAt(1000) { searches.accept("") }
        scheduler.scheduleAt(2000) { searches.accept("rxcore") }
        scheduler.start()
        disposeBag = DisposeBag()

        XCTAssertEqual(searched, ["rx@400", "rxcore@2300"])
    }

    func testReadmeExample_debounceKeepsTheLastQueryOfABurst() {
        let scheduler = TestScheduler(initialClock: 0)
        let queries = scheduler.createHotObservable([.next(210, "r"), .next(215, "rx"), .completed(300)])

        let res = scheduler.start { queries.debounce(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(235, "rx"), .completed(300)])
        XCTAssertEqual(queries.subscriptions, [Subscription(200, 300)])
    }
}
