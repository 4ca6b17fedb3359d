import RxCore
import RxCoreTest
import XCTest

/// The chained-requests seed: sign in, then load the user, then their projects, each request using the previous
/// answer (`flatMap` on `Single`), two independent requests side by side (`Single.zip`), and a failure in the
/// middle of the chain ending it without the later requests.
final class ChainedRequestsSeedTests: RxTest {
    private struct User: Equatable {
        let id: Int
        let name: String
    }

    private final class FakeAPI {
        let scheduler: TestScheduler
        var failLoadUser = false
        private(set) var calls: [String] = []

        init(scheduler: TestScheduler) {
            self.scheduler = scheduler
        }

        func signIn(_ login: String) -> Single<String> {
            request("signIn \(login)") { "token-\(login)" }
        }

        func user(token: String) -> Single<User> {
            request("user \(token)") { [failLoadUser] in
                if failLoadUser { throw TestError.boom }
                return User(id: 7, name: "ada")
            }
        }

        func projects(userID: Int) -> Single<[String]> {
            request("projects \(userID)") { ["api", "web"] }
        }

        func groups(userID: Int) -> Single<[String]> {
            request("groups \(userID)") { ["platform"] }
        }

        private func request<T>(_ name: String, answer: @escaping () throws -> T) -> Single<T> {
            Single<T>.deferred { [unowned self] in
                self.calls.append("\(name)@\(self.scheduler.clock)")
                return Single.just(try answer()).delay(.seconds(10), scheduler: self.scheduler)
            }
        }
    }

    func testChainedRequests_eachRequestUsesThePreviousAnswer() {
        let scheduler = TestScheduler(initialClock: 0)
        let api = FakeAPI(scheduler: scheduler)

        let res = scheduler.start {
            api.signIn("ada")
                .flatMap { token in api.user(token: token) }
                .flatMap { user in api.projects(userID: user.id).map { "\(user.name): \($0.joined(separator: ","))" } }
                .asObservable()
        }

        XCTAssertEqual(api.calls, ["signIn ada@200", "user token-ada@210", "projects 7@220"])
        XCTAssertEqual(res.events, [.next(230, "ada: api,web"), .completed(231)])
    }

    func testChainedRequests_independentRequests_runSideBySide() {
        let scheduler = TestScheduler(initialClock: 0)
        let api = FakeAPI(scheduler: scheduler)

        let res = scheduler.start {
            api.user(token: "t")
                .flatMap { user in Single.zip(api.projects(userID: user.id), api.groups(userID: user.id)) }
                .map { projects, groups in projects.count + groups.count }
                .asObservable()
        }

        XCTAssertEqual(api.calls, ["user t@200", "projects 7@210", "groups 7@210"])
        XCTAssertEqual(res.events, [.next(220, 3), .completed(221)])
    }

    func testChainedRequests_failureInTheMiddle_stopsTheChain() {
        let scheduler = TestScheduler(initialClock: 0)
        let api = FakeAPI(scheduler: scheduler)
        api.failLoadUser = true

        let res = scheduler.start {
            api.signIn("ada")
                .flatMap { token in api.user(token: token) }
                .flatMap { user in api.projects(userID: user.id) }
                .asObservable()
        }

        XCTAssertEqual(api.calls, ["signIn ada@200", "user token-ada@210"])
        XCTAssertEqual(res.events, [.error(210, TestError.boom)])
    }
}
