import Foundation
import Testing

@testable import GLWatchDev
@testable import Watcher

@Suite("LatencySamples")
struct LatencySamplesTests {
    let project = ProjectKey(instance: "bench", id: 1)

    @Test("a stored poll resolves the pushes made before it finished, not later ones")
    func testStored_resolvesEarlierPushes() {
        let samples = LatencySamples()
        let t0 = Date(timeIntervalSince1970: 1_000)
        samples.pushed(project, at: t0)
        samples.pushed(project, at: t0.addingTimeInterval(0.5))
        samples.pushed(project, at: t0.addingTimeInterval(3))

        samples.stored(project, at: t0.addingTimeInterval(1), group: "busy")

        #expect(samples.latencies("busy") == [0.5, 1])
        #expect(samples.unresolved == 1)
        #expect(samples.latencies("idle").isEmpty)
    }

    @Test("percentiles by nearest rank")
    func testPercentile() {
        let values = (1...100).map(Double.init)
        #expect(LatencySamples.percentile(0.5, of: values) == 50)
        #expect(LatencySamples.percentile(0.99, of: values) == 99)
        #expect(LatencySamples.percentile(1, of: values) == 100)
        #expect(LatencySamples.percentile(0.99, of: [7]) == 7)
        #expect(LatencySamples.percentile(0.5, of: []) == nil)
    }
}
