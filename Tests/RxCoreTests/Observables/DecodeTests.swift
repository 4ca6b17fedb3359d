import Foundation
import RxCore
import RxCoreTest
import XCTest

private struct Project: Decodable, Equatable {
    let id: Int
    let name: String
}

final class DecodeTests: RxTest {
    func testDecode_validJSON_emitsDecodedItems() {
        // Given a stream of JSON documents
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Data(#"{"id":1,"name":"api"}"#.utf8)), .next(220, Data(#"{"id":2,"name":"web"}"#.utf8)),
            .completed(230),
        ])

        // When each is decoded
        let res = scheduler.start { xs.decode(type: Project.self, decoder: JSONDecoder()) }

        // Then the values arrive in order and completion passes through
        XCTAssertEqual(
            res.events,
            [.next(210, Project(id: 1, name: "api")), .next(220, Project(id: 2, name: "web")), .completed(230)]
        )
    }

    func testDecode_invalidDocument_failsWithTheDecodingErrorAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Data(#"{"id":1,"name":"api"}"#.utf8)), .next(220, Data(#"{"id":"x"}"#.utf8)),
            .next(230, Data(#"{"id":3,"name":"late"}"#.utf8)),
        ])
        var failure: Error?

        let res = scheduler.start {
            xs.decode(type: Project.self, decoder: JSONDecoder()).do(onError: { failure = $0 })
        }

        XCTAssertEqual(res.events.count, 2)
        XCTAssertEqual(res.events.first, .next(210, Project(id: 1, name: "api")))
        XCTAssertTrue(failure is DecodingError, "expected a DecodingError, got \(String(describing: failure))")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDecode_customDataDecoder_isUsed() {
        struct FixedDecoder: DataDecoder {
            func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item {
                try JSONDecoder().decode(type, from: Data(#"{"id":7,"name":"fixed"}"#.utf8))
            }
        }

        let values = try? Observable.just(Data()).decode(type: Project.self, decoder: FixedDecoder()).toBlocking()
            .toArray()

        XCTAssertEqual(values, [Project(id: 7, name: "fixed")])
    }
}
