import Foundation
import Notifier
import RxCoreTest
import Testing

/// The delivery pipeline in virtual time: 1 tick of the `TestScheduler` is 1 second.
@Suite struct SinkWorkerTests {
    static func policy(
        initial: Double = 5,
        max: Double = 600,
        giveUp: Double? = 86_400,
        failures: Int = 100,
        open: Double = 30,
        rate: RateLimit? = nil
    ) -> DeliveryPolicy {
        DeliveryPolicy(
            retry: RetryPolicy(initialDelay: initial, maxDelay: max, jitter: 0.2, giveUpAfter: giveUp),
            breaker: CircuitBreaker.Policy(failureThreshold: failures, openDuration: open, maxOpenDuration: 600),
            rateLimit: rate
        )
    }

    static func event(_ n: Int, project: Int64 = 42, at time: TimeInterval = 0) -> WatchEvent {
        Fixtures.push([Fixtures.commit(n)], project: Fixtures.project("acme/p\(project)", id: project), at: time)
    }

    @Test func testBackoffSchedule_isExponential() async throws {
        let harness = DeliveryHarness(
            transport: FakeTransport(statuses: [503, 503, 503, 503, 503]),
            policy: Self.policy()
        )
        let id = try await harness.queue.enqueue(Self.event(1), sink: "hook")
        await harness.run(until: 1_000)
        let history = await harness.queue.history(of: id)
        #expect(history.map(\.tick) == [0, 5, 15, 35, 75, 155])
        #expect(
            history.map(\.outcome) == [
                .retry(at: Fixtures.date(5)), .retry(at: Fixtures.date(15)), .retry(at: Fixtures.date(35)),
                .retry(at: Fixtures.date(75)), .retry(at: Fixtures.date(155)), .delivered,
            ]
        )
        #expect(history.first?.httpStatus == 503)
        #expect(history.first?.error == "HTTP 503")
        #expect(await harness.queue.state(of: id) == .delivered)
    }

    @Test func testJitter_comesFromTheInjectedSource() async throws {
        let harness = DeliveryHarness(transport: FakeTransport(statuses: [503, 503]), policy: Self.policy(), random: 1)
        let id = try await harness.queue.enqueue(Self.event(1), sink: "hook")
        await harness.run(until: 1_000)
        #expect(await harness.queue.history(of: id).map(\.tick) == [0, 4, 12])  // 5 and 10, each less 20 %
    }

    @Test func testRetryAfter_isHonoured() async throws {
        let transport = FakeTransport { index, _ in
            .success(SinkResponse(status: index == 0 ? 503 : 200, headers: [(name: "Retry-After", value: "120")]))
        }
        let harness = DeliveryHarness(transport: transport, policy: Self.policy())
        let id = try await harness.queue.enqueue(Self.event(1), sink: "hook")
        await harness.run(until: 1_000)
        #expect(await harness.queue.history(of: id).map(\.tick) == [0, 120])
    }

    @Test func testTooManyRequests_pausesTheWholeSink() async throws {
        let transport = FakeTransport { index, _ in
            .success(SinkResponse(status: index == 0 ? 429 : 200, headers: [(name: "Retry-After", value: "60")]))
        }
        let harness = DeliveryHarness(transport: transport, policy: Self.policy())
        let a = try await harness.queue.enqueue(Self.event(1, project: 1), sink: "hook")
        let b = try await harness.queue.enqueue(Self.event(2, project: 2), sink: "hook")
        await harness.run(until: 1_000)
        #expect(await harness.queue.history(of: a).map(\.tick) == [0, 60])
        #expect(await harness.queue.history(of: b).map(\.tick) == [60])  // another project, yet it waited too
    }

    @Test func testCircuitBreaker_stopsAttemptsWhileOpen_andTriesOneWhenItHalfOpens() async throws {
        let harness = DeliveryHarness(
            transport: FakeTransport(statuses: [503, 503, 503, 503]),
            policy: Self.policy(failures: 3, open: 30)
        )
        var ids: [Int64] = []
        for n in 1...5 { ids.append(try await harness.queue.enqueue(Self.event(n, project: Int64(n)), sink: "hook")) }
        let passes = await harness.run(until: 1_000)
        #expect(passes.first?.pausedBecause == "circuit open")
        #expect(passes.first?.nextWake == Fixtures.date(30))
        var ticks: [[Int]] = []
        for id in ids { ticks.append(await harness.queue.history(of: id).map(\.tick)) }
        // Three failures open it at 0; the trial at 30 fails and doubles the cool-down; the trial at 90 succeeds.
        #expect(ticks == [[0, 30, 90], [0, 90], [0, 90], [90], [90]])
        #expect(harness.transport.requests.count == 9)
        #expect(await harness.worker.breakerState == .closed(failures: 0))
    }

    @Test func testPermanentFailures_goToTheDeadLetters_andDoNotBlockTheProject() async throws {
        let transport = FakeTransport { index, _ in
            .success(SinkResponse(status: index == 0 ? 404 : 200, body: Data("no_service".utf8)))
        }
        let harness = DeliveryHarness(transport: transport, policy: Self.policy())
        let first = try await harness.queue.enqueue(Self.event(1), sink: "hook")
        let second = try await harness.queue.enqueue(Self.event(2), sink: "hook")
        let passes = await harness.run(until: 1_000)
        #expect(
            await harness.queue.history(of: first) == [
                DeliveryAttempt(at: Fixtures.date(0), outcome: .dead, httpStatus: 404, error: "HTTP 404: no_service")
            ]
        )
        #expect(await harness.queue.state(of: second) == .delivered)
        #expect(passes.first?.dead == 1)
        #expect(passes.first?.delivered == 1)
    }

    @Test func testAFailingDelivery_isGivenUpAfterTheConfiguredTime() async throws {
        let harness = DeliveryHarness(
            transport: FakeTransport { _, _ in .success(SinkResponse(status: 503)) },
            policy: Self.policy(giveUp: 60)
        )
        let id = try await harness.queue.enqueue(Self.event(1), sink: "hook")
        await harness.run(until: 1_000)
        let history = await harness.queue.history(of: id)
        #expect(history.map(\.tick) == [0, 5, 15, 35])
        #expect(history.last?.outcome == .dead)
        #expect(history.last?.error == "gave up after 4 attempts over 1m: HTTP 503")
    }

    @Test func testOrder_isKeptPerProject_whileOtherProjectsProceed() async throws {
        let harness = DeliveryHarness(transport: FakeTransport(statuses: [503]), policy: Self.policy())
        let a1 = Self.event(1, project: 1)
        let b1 = Self.event(2, project: 2)
        let a2 = Self.event(3, project: 1)
        let b2 = Self.event(4, project: 2)
        let a3 = Self.event(5, project: 1)
        for event in [a1, b1, a2, b2, a3] { try await harness.queue.enqueue(event, sink: "hook") }
        await harness.run(until: 1_000)
        #expect(harness.requests.map(\.id) == [a1.id, b1.id, b2.id, a1.id, a2.id, a3.id])
    }

    @Test func testRateLimit_spacesMessages() async throws {
        let harness = DeliveryHarness(
            transport: FakeTransport(),
            policy: Self.policy(rate: RateLimit(messages: 1, per: 1, burst: 1))
        )
        var ids: [Int64] = []
        for n in 1...4 { ids.append(try await harness.queue.enqueue(Self.event(n, project: Int64(n)), sink: "hook")) }
        await harness.run(until: 1_000)
        var ticks: [Int] = []
        for id in ids { ticks += await harness.queue.history(of: id).map(\.tick) }
        #expect(ticks == [0, 1, 2, 3])
    }

    @Test func testGroupedDeliveries_waitForTheirWindow_andGoAsOneDigest() async throws {
        let harness = DeliveryHarness(transport: FakeTransport(), policy: Self.policy())
        let grouped = [Self.event(1, at: 10), Self.event(2, at: 20), Self.event(3, at: 30)]
        var ids: [Int64] = []
        for event in grouped {
            ids.append(
                try await harness.queue.enqueue(event, sink: "hook", notBefore: Fixtures.date(600), groupKey: "g")
            )
        }
        let other = try await harness.queue.enqueue(Self.event(9, project: 7), sink: "hook")
        await harness.run(until: 1_000)
        #expect(await harness.queue.history(of: other).map(\.tick) == [0])
        for id in ids { #expect(await harness.queue.history(of: id).map(\.tick) == [600]) }
        #expect(harness.transport.requests.count == 2)
        let digest = try JSONSerialization.jsonObject(with: harness.transport.requests[1].body) as! [String: Any]
        #expect(digest["type"] as? String == "digest")
        #expect(((digest["data"] as? [String: Any])?["events"] as? [Any])?.count == 3)
    }

    @Test func testAQueueFailingBrieflyAfterAnAcknowledgedSend_isAskedAgain_andTheDeliveryIsNotSentTwice()
        async throws
    {
        // Given a send that succeeds, and a queue whose next two records fail (a database restarting)
        let harness = DeliveryHarness(transport: FakeTransport(), policy: Self.policy())
        let event = Self.event(1)
        let id = try await harness.queue.enqueue(event, sink: "hook")
        await harness.queue.failNextRecords(2)

        // When the worker delivers
        let pass = await harness.worker.deliverDue()

        // Then the acknowledged send is recorded on the third try, and sent once
        #expect(pass.delivered == 1 && pass.pausedBecause == nil)
        #expect(await harness.queue.state(of: id) == .delivered)
        #expect(harness.requests.map(\.id) == [event.id])
    }

    @Test func testACrashBetweenSendingAndRecording_resendsWithTheSameID() async throws {
        // Given a send that succeeds but whose record is lost (the queue fails for longer than the worker waits,
        // as when the process dies before committing)
        let harness = DeliveryHarness(transport: FakeTransport(), policy: Self.policy())
        let event = Self.event(1)
        let id = try await harness.queue.enqueue(event, sink: "hook")
        await harness.queue.failNextRecords(SinkWorker.acknowledgedRecordWaits.count + 1)
        let crashed = await harness.worker.deliverDue()
        #expect(crashed.pausedBecause?.hasPrefix("queue error") == true)
        #expect(await harness.queue.state(of: id) == .pending)
        // When a new worker starts over the same queue (a restart)
        let restarted = SinkWorker(
            sink: harness.sink,
            queue: harness.queue,
            scheduler: harness.scheduler,
            random: FixedRandom(0),
            logger: quietLogger
        )
        harness.scheduler.advanceTo(5)
        _ = await restarted.deliverDue()
        // Then the delivery is made again, with the same id for the receiver to de-duplicate
        #expect(await harness.queue.state(of: id) == .delivered)
        #expect(harness.requests.map(\.id) == [event.id, event.id])
    }

    @Test func testAnUndecodableEvent_isADeadLetterWithTheReason() async throws {
        let harness = DeliveryHarness(transport: FakeTransport(), policy: Self.policy())
        let id = await harness.queue.enqueue(
            raw: OutboxEvent(
                id: "x",
                type: "commits.new",
                projectKey: "gitlab.com/1",
                branch: nil,
                payload: Data("{}".utf8),
                createdAt: Fixtures.date(0)
            ),
            sink: "hook"
        )
        await harness.run(until: 10)
        let history = await harness.queue.history(of: id)
        #expect(history.map(\.outcome) == [.dead])
        #expect(history.first?.error?.hasPrefix("cannot decode the event: ") == true)
        #expect(harness.transport.requests.isEmpty)
    }

    @Test func testARulesTemplate_isUsed_andAMissingOneFallsBackToTheSinks() async throws {
        let transport = FakeTransport()
        let scheduler = TestScheduler(initialClock: 0)
        let queue = InMemoryDeliveryQueue()
        let sink = SlackSink(
            name: "chat",
            endpoint: HTTPEndpoint(url: Secret("https://hooks.slack.com/x")),
            transport: transport
        )
        let worker = SinkWorker(
            sink: sink,
            queue: queue,
            templates: ["short.mustache": try MessageTemplate(name: "short.mustache", source: "Push to {{branch}}")],
            scheduler: scheduler,
            random: FixedRandom(0),
            logger: quietLogger
        )
        let event = Self.event(1)
        try await queue.enqueue(
            event,
            plans: [
                PlannedDelivery(
                    sink: "chat",
                    rule: "r",
                    template: "short.mustache",
                    notBefore: Fixtures.date(0)
                )
            ]
        )
        try await queue.enqueue(
            Self.event(2),
            plans: [
                PlannedDelivery(
                    sink: "chat",
                    rule: "r",
                    template: "gone.mustache",
                    notBefore: Fixtures.date(0)
                )
            ]
        )
        _ = await worker.deliverDue()
        let texts = try transport.requests.map {
            (try JSONSerialization.jsonObject(with: $0.body) as! [String: Any])["text"] as! String
        }
        #expect(texts[0] == "Push to main")
        #expect(texts[1].hasPrefix("*1 new commit* on"))
    }
}
