import Foundation
import RxCore
import RxCoreTest
import Testing

@testable import Watcher

/// Project pipelines in virtual time: cadence and jitter, one poll at a time, the host cap and rate-limit pause
/// shared by every pipeline of a host, timeouts, and what the lag watchdog sees.
@Suite struct ProjectPipelineTests {
    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)

    func target(base: TimeInterval, jitter: Double = 0, ceiling: TimeInterval? = nil) -> WatchTarget {
        WatchTarget(
            instance: "test",
            scope: .project(.id(1)),
            cadence: Cadence(
                base: base,
                ceiling: ceiling,
                backoffFactor: 2,
                idlePollsBeforeBackoff: 100,
                jitter: jitter
            )
        )
    }

    func pipeline(
        _ id: Int64,
        _ poll: VirtualPoll,
        lane: HostLane,
        target: WatchTarget,
        timeout: TimeInterval = 1000,
        reports: Recorded<PollReport> = Recorded()
    ) -> ProjectPipeline {
        ProjectPipeline(
            key: ProjectKey(instance: "test", id: id),
            path: "acme/p\(id)",
            target: target,
            lane: lane,
            scheduler: scheduler,
            pollTimeout: timeout,
            poll: poll.result,
            report: reports.append
        )
    }

    func lane(limit: Int = 4, changes: Recorded<HostLane.Change> = Recorded()) -> HostLane {
        HostLane(host: "gitlab.test", limit: limit, defaultPause: 60, scheduler: scheduler, onChange: changes.append)
    }

    /// A random source replaying `values` in a loop.
    func randoms(_ values: [Double]) -> @Sendable () -> Double {
        let recorded = Recorded<Int>()
        return {
            recorded.append(0)
            return values[(recorded.all.count - 1) % values.count]
        }
    }

    @Test func testTicks_firstAtOnce_thenARandomPhase_thenBaseIntervalSpreadByJitterWithinBounds() {
        let poll = VirtualPoll(scheduler, duration: 0, script: Array(repeating: .changed, count: 50))
        let pipeline = pipeline(1, poll, lane: lane(), target: target(base: 100, jitter: 0.2))
        pipeline.start(random: randoms([0.3, 0, 0.999, 0.5, 0.25]))
        scheduler.advanceTo(1_000)
        pipeline.stop()

        // The baseline at once; then phase (0.5 + 0.3) × 100; then 100 × (1 + 0.2 × (2r − 1)) for r = 0, 0.999,
        // 0.5, 0.25, …
        #expect(poll.starts.first == 0)
        let gaps = zip(poll.starts.dropFirst(), poll.starts).map { $0 - $1 }
        #expect(Array(gaps.prefix(5)) == [80, 80, 120, 100, 90])
        #expect(gaps.allSatisfy { (80...120).contains($0) })
    }

    @Test func testPollOnce_whileTheLoopsPollRuns_isSkippedNotDoubled() {
        let poll = VirtualPoll(scheduler, duration: 50, script: [.changed, .changed, .changed])
        let pipeline = pipeline(1, poll, lane: lane(), target: target(base: 10))
        pipeline.start(random: { 0.5 })  // next poll one base interval after the first
        let overlapping = Recorded<PollReport?>()
        scheduler.scheduleAt(20) { _ = pipeline.pollOnce().subscribe(onSuccess: overlapping.append) }
        scheduler.advanceTo(55)
        pipeline.stop()

        #expect(poll.starts == [0])
        #expect(overlapping.all.count == 1)
        #expect(overlapping.all.first == .some(nil))
    }

    @Test func testPollOnce_whenIdle_pollsAndReports() {
        let reports = Recorded<PollReport>()
        let poll = VirtualPoll(scheduler, duration: 7, script: [.changed])
        let pipeline = pipeline(1, poll, lane: lane(), target: target(base: 10), reports: reports)
        let results = Recorded<PollReport?>()
        scheduler.scheduleAt(3) { _ = pipeline.pollOnce().subscribe(onSuccess: results.append) }
        scheduler.advanceTo(20)

        let report = PollReport(
            project: ProjectKey(instance: "test", id: 1),
            path: "acme/p1",
            startedAt: Date(timeIntervalSince1970: 3),
            duration: 7,
            outcome: .changed,
            eventsStored: 0,
            deliveriesQueued: 0
        )
        #expect(results.all == [report])
        #expect(reports.all == [report])
    }

    @Test func testHostCap_isSharedByEveryPipelineOfTheHost() {
        let concurrency = VirtualPoll.Concurrency()
        let lane = lane(limit: 2)
        let polls = (0..<6).map { _ in VirtualPoll(scheduler, duration: 5, concurrency: concurrency) }
        let pipelines = polls.enumerated().map {
            pipeline(Int64($0.offset), $0.element, lane: lane, target: target(base: 10))
        }
        for pipeline in pipelines { pipeline.start(random: { 0 }) }
        scheduler.advanceTo(200)
        for pipeline in pipelines { pipeline.stop() }

        #expect(concurrency.peak == 2)
        #expect(polls.allSatisfy { $0.starts.count >= 5 })
    }

    @Test func testRateLimit_backsOffEveryPipelineOfTheHostTogether_thenRecovers() {
        let changes = Recorded<HostLane.Change>()
        let lane = lane(changes: changes)
        let limited = VirtualPoll(scheduler, duration: 1, script: [.changed, .rateLimited(retryAfter: 100)])
        let others = (0..<2).map { _ in VirtualPoll(scheduler, duration: 1) }
        let pipelines =
            [pipeline(1, limited, lane: lane, target: target(base: 10))]
            + others.enumerated().map {
                pipeline(Int64($0.offset + 2), $0.element, lane: lane, target: target(base: 10))
            }
        pipelines[0].start(random: { 0.5 })
        pipelines[1].start(random: { 0.2 })
        pipelines[2].start(random: { 0.5 })
        scheduler.advanceTo(200)
        for pipeline in pipelines { pipeline.stop() }

        // The 429 lands at 12 (poll at 11): nobody polls again until 112; then everyone is back to every 10 + 1.
        #expect(changes.all == [.paused(until: Date(timeIntervalSince1970: 112)), .resumed])
        for poll in [limited] + others {
            #expect(!poll.starts.contains { (13..<112).contains($0) }, "starts: \(poll.starts)")
            #expect(poll.starts.filter { $0 >= 112 }.count >= 7, "starts: \(poll.starts)")
        }
        // Their baselines at 0, their second polls at phases 7 and 10 after (8, 11); their ticks at 19 and 22 fell
        // in the pause: they waited in the lane instead of polling.
        #expect(others.map { $0.starts.filter { $0 < 112 } } == [[0, 8], [0, 11]])
    }

    @Test func testSlowProject_neverDelaysTheOthers_andIsCancelledAtThePollTimeout() {
        let reports = Recorded<PollReport>()
        let lane = lane(limit: 2)
        let hung = VirtualPoll(scheduler, duration: nil)
        let healthy = VirtualPoll(scheduler, duration: 1)
        let slow = pipeline(1, hung, lane: lane, target: target(base: 10), timeout: 30, reports: reports)
        let fast = pipeline(2, healthy, lane: lane, target: target(base: 10))
        slow.start(random: { 0 })
        fast.start(random: { 0.5 })  // next poll one base interval after the first
        scheduler.advanceTo(100)
        slow.stop()
        fast.stop()

        #expect(healthy.starts == [0, 11, 22, 33, 44, 55, 66, 77, 88, 99])
        #expect(hung.disposals.first == 30)
        #expect(reports.all.first?.outcome == .failed)
        #expect(reports.all.first?.duration == 30)
        #expect(reports.all.first?.failure == "no answer within the poll timeout (30 s)")
    }

    @Test func testLag_reportedOnceAfterTheThreshold_andAgainAfterACompletedPoll() {
        let poll = VirtualPoll(scheduler, duration: 1, script: [.changed])
        let pipeline = pipeline(1, poll, lane: lane(), target: target(base: 10), timeout: 200)
        pipeline.start(random: { 0.5 })  // next poll one base interval after the first
        scheduler.advanceTo(5)
        poll.duration = nil  // from the poll at 11 on, every poll hangs until the 200 s timeout
        scheduler.advanceTo(40)
        #expect(pipeline.lag(threshold: 5, now: scheduler.now) == nil)

        scheduler.advanceTo(52)
        let lag = pipeline.lag(threshold: 5, now: scheduler.now)
        #expect(lag?.missedIntervals == 5)
        #expect(lag?.lastPollAt == Date(timeIntervalSince1970: 1))
        #expect(lag?.interval == 10)
        #expect(pipeline.lag(threshold: 5, now: scheduler.now) == nil)

        // The hung poll times out at 211 (a completed, failed poll); the next one, 20 s later (one failure's
        // backoff), hangs too: 5 × 20 s after 211 it is lagging again.
        scheduler.advanceTo(310)
        #expect(pipeline.lag(threshold: 5, now: scheduler.now) == nil)
        scheduler.advanceTo(311)
        let again = pipeline.lag(threshold: 5, now: scheduler.now)
        #expect(again?.lastPollAt == Date(timeIntervalSince1970: 211))
        #expect(again?.interval == 20)
        pipeline.stop()
    }

    @Test func testLag_measuredAgainstTheBackedOffInterval_soAnIdleProjectIsNotLagging() {
        let poll = VirtualPoll(scheduler, duration: 0)
        let target = WatchTarget(
            instance: "test",
            scope: .project(.id(1)),
            cadence: Cadence(base: 10, ceiling: 80, backoffFactor: 2, idlePollsBeforeBackoff: 0, jitter: 0)
        )
        let pipeline = pipeline(1, poll, lane: lane(), target: target)
        pipeline.start(random: { 0 })
        scheduler.advanceTo(1_000)

        // Idle polls stretch the interval to 80: 5 × 10 without a poll is normal then, 5 × 80 would not be.
        #expect(pipeline.lag(threshold: 5, now: scheduler.now) == nil)
        pipeline.stop()
        let gaps = zip(poll.starts.dropFirst(), poll.starts).map { $0 - $1 }
        #expect(gaps.suffix(3) == [80, 80, 80])
    }

    @Test func testLag_notReportedWhileTheHostIsPaused() {
        let lane = lane()
        let poll = VirtualPoll(scheduler, duration: 1, script: [.changed])
        let pipeline = pipeline(1, poll, lane: lane, target: target(base: 10))
        pipeline.start(random: { 0 })
        scheduler.scheduleAt(5) { lane.pause(until: Date(timeIntervalSince1970: 500)) }
        scheduler.advanceTo(400)

        #expect(pipeline.lag(threshold: 5, now: scheduler.now) == nil)
        pipeline.stop()
    }
}
