import Foundation
import Notifier
import RxCoreTest
import Testing

@testable import Watcher

@Suite("WatcherOperations")
struct WatcherOperationsTests {
    let system = FakeConfigSystem()

    @Test func testUnhealthyAfter_fromTheConfig_whenGiven() throws {
        let config = try system.load("watch: [a/b]\nmetrics: {enabled: true, unhealthy_after: 20m}")

        let operations = WatcherOperations(config: config, scheduler: TestScheduler(initialClock: 0))

        #expect(operations.health.unhealthyAfter == 1200)
    }

    @Test func testUnhealthyAfter_derivedFromTheSlowestCeiling_whenNotGiven() throws {
        let config = try system.load("watch: [{project: a/b, interval: 1m, max_interval: 1h}]\nmetrics: {enabled: true}")

        let operations = WatcherOperations(config: config, scheduler: TestScheduler(initialClock: 0))

        #expect(operations.health.unhealthyAfter == 3 * 3600)
    }

    @Test func testUnhealthyAfter_belowOneSecond_isAConfigError() throws {
        #expect(throws: ConfigError.self) { try system.load("metrics: {unhealthy_after: 0s}") }
    }
}
