import Foundation
import MetricsTestKit
import Notifier
import Testing

@testable import Watcher

@Suite("WatcherMetrics+Delivery")
struct WatcherMetricsDeliveryTests {
    let recorder = TestMetrics()

    @Test("a sink's pass is counted by outcome")
    func testRecordPass() throws {
        let metrics = WatcherMetrics(factory: recorder)
        var pass = DeliveryPass(sink: "team-slack")
        pass.delivered = 3
        pass.retried = 1
        metrics.record(pass)
        pass.dead = 2
        metrics.record(pass)

        func total(_ outcome: String) throws -> Int64 {
            try recorder.expectCounter("glwatch_deliveries_total", [("sink", "team-slack"), ("outcome", outcome)])
                .totalValue
        }
        #expect(try total("delivered") == 6)
        #expect(try total("retried") == 2)
        #expect(try total("dead") == 2)
    }

    @Test("queue gauges follow the store; a sink that drained reads 0, every project status is set")
    func testRecordStoreMetrics() throws {
        let metrics = WatcherMetrics(factory: recorder)
        let now = Date(timeIntervalSince1970: 1_000)
        var counts = StoreMetrics()
        counts.queueDepth = ["ops": 4, "chat": 1]
        counts.deadLetters = ["ops": 2]
        counts.oldestWaiting = ["ops": Date(timeIntervalSince1970: 940)]
        counts.projectsByStatus = [.active: 7, .unreachable: 1, .stalled: 2]
        metrics.record(counts, now: now)

        func gauge(_ name: String, _ labels: [(String, String)]) throws -> Double? {
            try recorder.expectGauge(name, labels).lastValue
        }
        #expect(try gauge("glwatch_delivery_queue_depth", [("sink", "ops")]) == 4)
        #expect(try gauge("glwatch_delivery_queue_depth", [("sink", "chat")]) == 1)
        #expect(try gauge("glwatch_delivery_dead_letters", [("sink", "ops")]) == 2)
        #expect(try gauge("glwatch_delivery_dead_letters", [("sink", "chat")]) == 0)
        #expect(try gauge("glwatch_delivery_oldest_waiting_seconds", [("sink", "ops")]) == 60)
        #expect(try gauge("glwatch_projects", [("status", "active")]) == 7)
        #expect(try gauge("glwatch_projects", [("status", "archived")]) == 0)
        #expect(try gauge("glwatch_projects", [("status", "stalled")]) == 2)

        // When the chat queue drains, its gauges read 0 rather than keeping the last value
        counts.queueDepth = ["ops": 4]
        metrics.record(counts, now: now)
        #expect(try gauge("glwatch_delivery_queue_depth", [("sink", "chat")]) == 0)
        #expect(try gauge("glwatch_delivery_oldest_waiting_seconds", [("sink", "chat")]) == 0)
    }
}
