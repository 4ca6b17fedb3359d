import Testing

@testable import Watcher

@Suite struct CadenceTests {
    @Test func testInterval_staysAtBase_untilIdleThresholdIsPassed() {
        let cadence = Cadence(base: 60, ceiling: 900, backoffFactor: 2, idlePollsBeforeBackoff: 3, jitter: 0)
        #expect((0...3).map { cadence.interval(idlePolls: $0, failures: 0) } == [60, 60, 60, 60])
    }

    @Test func testInterval_doublesPerIdlePoll_upToTheCeiling() {
        let cadence = Cadence(base: 60, ceiling: 900, backoffFactor: 2, idlePollsBeforeBackoff: 3, jitter: 0)
        let intervals = (4...9).map { cadence.interval(idlePolls: $0, failures: 0) }
        #expect(intervals == [120, 240, 480, 900, 900, 900])
    }

    @Test func testInterval_failuresBackOffFromTheFirstFailure() {
        let cadence = Cadence(base: 10, ceiling: 100, backoffFactor: 2, idlePollsBeforeBackoff: 3, jitter: 0)
        #expect((1...5).map { cadence.interval(idlePolls: 0, failures: $0) } == [20, 40, 80, 100, 100])
    }

    @Test func testInterval_longStreaks_stayFiniteAtTheCeiling() {
        let cadence = Cadence(base: 1, ceiling: 3600)
        #expect(cadence.interval(idlePolls: 1_000_000, failures: 0) == 3600)
        #expect(cadence.interval(idlePolls: 0, failures: 100_000) == 3600)
    }

    @Test func testDelay_jitterStaysWithinBounds() {
        let cadence = Cadence(base: 100, jitter: 0.1)
        #expect(cadence.delay(idlePolls: 0, failures: 0, unitRandom: 0) == 90)
        #expect(cadence.delay(idlePolls: 0, failures: 0, unitRandom: 0.5) == 100)
        #expect(cadence.delay(idlePolls: 0, failures: 0, unitRandom: 0.999_999) < 110)
        #expect(cadence.delay(idlePolls: 0, failures: 0, unitRandom: 0.999_999) > 109.99)
    }

    @Test func testInit_clampsNonsense() {
        let cadence = Cadence(base: 60, ceiling: 10, backoffFactor: 0.5, idlePollsBeforeBackoff: -1, jitter: 3)
        #expect(cadence.ceiling == 60)
        #expect(cadence.backoffFactor == 1)
        #expect(cadence.idlePollsBeforeBackoff == 0)
        #expect(cadence.jitter == 0.5)
    }
}
