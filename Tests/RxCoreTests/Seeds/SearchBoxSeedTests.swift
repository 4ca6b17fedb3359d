import RxCore
import RxCoreTest
import XCTest

/// The search-box seed (RxSwift's GitHub-search example, without the UI): queries are debounced, repeated queries
/// dropped, and only the answer to the latest query is shown, older requests being cancelled.
final class SearchBoxSeedTests: RxTest {
    /// A fake search API in virtual time: each query answers after its latency, or fails when told to.
    private final class FakeSearchAPI {
        let scheduler: TestScheduler
        var latency: [String: Int] = [:]
        var failing: Set<String> = []
        private(set) var requests: [String] = []
        private(set) var cancelled: [String] = []

        init(scheduler: TestScheduler) {
            self.scheduler = scheduler
        }

        func search(_ query: String) -> Single<[String]> {
            Single<[String]>.deferred { [unowned self] in
                self.requests.append("\(query)@\(self.scheduler.clock)")
                let answer: Single<[String]> =
                    self.failing.contains(query) ? .error(TestError.boom) : .just(["\(query)-1", "\(query)-2"])
                return answer.delay(.seconds(self.latency[query] ?? 10), scheduler: self.scheduler)
            }
            .asObservable()
            .do(onDispose: { [unowned self] in self.cancelled.append("\(query)@\(self.scheduler.clock)") })
            .asSingle()
        }
    }

    private func searchResults(
        _ queries: Observable<String>,
        api: FakeSearchAPI,
        scheduler: SchedulerType
    ) -> Observable<[String]> {
        queries
            .debounce(.seconds(5), scheduler: scheduler)
            .distinctUntilChanged()
            .filter { !$0.isEmpty }
            .flatMapLatest { query in
                api.search(query).asObservable().catchAndReturn([])
            }
    }

    func testSearchBox_burstOfTyping_searchesOnceForTheLastQuery() {
        // Given a user typing "r", "rx", "rxs" quickly
        let scheduler = TestScheduler(initialClock: 0)
        let api = FakeSearchAPI(scheduler: scheduler)
        let typed = scheduler.createHotObservable([.next(210, "r"), .next(212, "rx"), .next(214, "rxs")])

        // When the results are observed
        let res = scheduler.start { self.searchResults(typed.asObservable(), api: api, scheduler: scheduler) }

        // Then one request goes out 5 ticks after the last keystroke, answered 10 ticks later (+1: virtual time
        // runs work scheduled "now" one tick later, as RxTest does)
        XCTAssertEqual(api.requests, ["rxs@219"])
        XCTAssertEqual(res.events, [.next(230, ["rxs-1", "rxs-2"])])
    }

    func testSearchBox_sameQueryAgain_isNotSearchedTwice() {
        let scheduler = TestScheduler(initialClock: 0)
        let api = FakeSearchAPI(scheduler: scheduler)
        let typed = scheduler.createHotObservable([
            .next(210, "rxs"), .next(240, "rx"), .next(242, "rxs"), .next(260, ""),
        ])

        let res = scheduler.start { self.searchResults(typed.asObservable(), api: api, scheduler: scheduler) }

        // "rx" was typed over within the debounce window; "rxs" again is not new; "" is not searched
        XCTAssertEqual(api.requests, ["rxs@215"])
        XCTAssertEqual(res.events, [.next(226, ["rxs-1", "rxs-2"])])
    }

    func testSearchBox_newQueryWhileSlowRequestRuns_cancelsIt() {
        // Given a slow answer for "rxs"
        let scheduler = TestScheduler(initialClock: 0)
        let api = FakeSearchAPI(scheduler: scheduler)
        api.latency["rxs"] = 30
        let typed = scheduler.createHotObservable([.next(214, "rxs"), .next(240, "rxc")])

        // When a new query is typed before it answers
        let res = scheduler.start { self.searchResults(typed.asObservable(), api: api, scheduler: scheduler) }

        // Then the slow request is cancelled and only the latest answer is shown
        XCTAssertEqual(api.requests, ["rxs@219", "rxc@245"])
        XCTAssertEqual(api.cancelled.first, "rxs@245")
        XCTAssertEqual(res.events, [.next(256, ["rxc-1", "rxc-2"])])
    }

    func testSearchBox_failingRequest_showsNothingAndKeepsSearching() {
        let scheduler = TestScheduler(initialClock: 0)
        let api = FakeSearchAPI(scheduler: scheduler)
        api.failing = ["bad"]
        let typed = scheduler.createHotObservable([.next(210, "bad"), .next(240, "good")])

        let res = scheduler.start { self.searchResults(typed.asObservable(), api: api, scheduler: scheduler) }

        // The failure is immediate (`delay` does not hold errors back), so the empty result shows at once
        XCTAssertEqual(res.events, [.next(215, []), .next(256, ["good-1", "good-2"])])
    }
}
