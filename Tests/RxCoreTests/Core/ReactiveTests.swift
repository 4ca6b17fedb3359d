import RxCore
import RxCoreTest
import XCTest

private final class Counter: ReactiveCompatible {
    var value = 0
    let changes = PublishRelay<Int>()
}

private struct Config: ReactiveCompatible {
    let name: String
}

extension Reactive where Base: Counter {
    /// A user-written reactive extension, as the seeds write them for their own types.
    fileprivate var changes: Observable<Int> { base.changes.asObservable() }
}

extension Reactive where Base == Config {
    fileprivate var name: Observable<String> { .just(base.name) }
    fileprivate static var kind: String { "config" }
}

final class ReactiveTests: RxTest {
    func testReactive_userExtension_isReachableThroughRx() {
        let counter = Counter()
        var received: [Int] = []
        let subscription = counter.rx.changes.subscribe(onNext: { received.append($0) })

        counter.changes.accept(1)
        counter.changes.accept(2)

        XCTAssertEqual(received, [1, 2])
        subscription.dispose()
    }

    func testReactive_valueTypeAndStaticExtensions() {
        let config = Config(name: "glwatch")

        XCTAssertEqual(try config.rx.name.toBlocking().first(), "glwatch")
        XCTAssertEqual(Config.rx.kind, "config")
    }

    func testReactive_dynamicMemberBinder_setsTheProperty() {
        let counter = Counter()

        let subscription = Observable.of(3, 4).bind(to: counter.rx.value)

        XCTAssertEqual(counter.value, 4)
        subscription.dispose()
    }

    func testReactive_NSObjectIsReactiveCompatible() {
        let object = NSObject()

        XCTAssertTrue(object.rx.base === object)
    }
}
