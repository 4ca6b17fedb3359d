import Foundation
import Notifier
import Testing

@testable import Watcher

@Suite("StatusAPI: the status page's data, from a filled store")
struct StatusAPITests {
    @Test func testOverview_countsProjectsEventsAndDeliveries() async throws {
        // Given the fixture: 1 sample + 1 hostile + 120 quiet projects; 6 sample events (the force-push 2 h
        // earlier) and the hostile push; `ops` holds one dead letter
        let fixture = try await StatusPageFixture()

        // When the overview is read an hour after the sample events
        let overview = try await fixture.api().overview()

        // Then the counts are the store's
        #expect(overview.projects.total == 122)
        #expect(overview.projects.byStatus["active"] == 122)
        #expect(overview.deliveries.dead == 1)
        let events = CLIStateFixture.events.count + 1
        #expect(overview.deliveries.waiting == events - 1)  // every chat delivery but the delivered one
        #expect(overview.events.perHour.count == 24)
        #expect(overview.events.last24Hours == events)
        // the hour before now holds the sample events (but the force-push) and the hostile push;
        // the force-push two hours before the others falls in the bucket 3 hours back (index 21)
        #expect(overview.events.perHour[23] == events - 1)
        #expect(overview.events.perHour[21] == 1)
        #expect(overview.glwatch.uptimeSeconds == 3600)
        #expect(overview.sinks.map(\.name) == ["chat", "ops"])
    }

    @Test func testProjects_searchSortAndPage() async throws {
        // Given 122 projects, every tenth quiet one failing (service-120 with 12 failures)
        let api = try await StatusPageFixture().api()

        // When searched, sorted by failures and paged
        let search = try await api.projects(PageQuery("q=SERVICE-00&limit=5"))
        let failing = try await api.projects(PageQuery("sort=failures&limit=3"))
        let second = try await api.projects(PageQuery("limit=50&offset=50"))

        // Then the search is case-insensitive over paths, the sort puts the most failures first, pages are slices
        #expect(search.total == 9)
        #expect(search.projects.map(\.path) == (1...5).map { "team/service-00\($0)" })
        #expect(failing.projects.map(\.path) == ["team/service-120", "team/service-110", "team/service-100"])
        #expect(second.total == 122)
        #expect(second.offset == 50)
        #expect(second.projects.count == 50)
    }

    @Test func testProjects_lastChangeSort_putsChangedProjectsFirst() async throws {
        // Given two projects with heads (the sample's at t, the hostile one's at t+30m) and 120 without
        let api = try await StatusPageFixture().api()

        // When sorted by last change
        let page = try await api.projects(PageQuery("sort=lastChange&limit=3"))

        // Then the newest change comes first, projects that never changed after
        #expect(page.projects.map(\.path) == [StatusPageFixture.hostilePath, "glwatch/sample", "team/service-001"])
        #expect(page.projects[0].lastChangeAt == Sample.time(1800))
    }

    @Test func testProjects_badParameters_areBadRequests() async throws {
        let api = try await StatusPageFixture(extraProjects: 1).api()

        await #expect(throws: StatusAPIError.badRequest("unknown sort \"size\"; use path, lastChange, lastPoll, failures, lastHook, status")) {
            try await api.projects(PageQuery("sort=size"))
        }
        await #expect(throws: StatusAPIError.badRequest("limit must be a whole number from 1 to 500")) {
            try await api.projects(PageQuery("limit=100000"))
        }
        await #expect(throws: StatusAPIError.badRequest("offset must be a whole number, 0 or more")) {
            try await api.projects(PageQuery("offset=-1"))
        }
    }

    @Test func testEvents_areHistoryReportsFilteredAndPaged() async throws {
        // Given the fixture
        let fixture = try await StatusPageFixture(extraProjects: 1)
        let api = fixture.api()

        // When events are listed whole, by type, by project path, and one page at a time
        let all = try await api.events(PageQuery(nil))
        let pushes = try await api.events(PageQuery("type=commits.new"))
        let sample = try await api.events(PageQuery("project=glwatch%2Fsample&limit=2&offset=1"))

        // Then they are what `glwatch history --json` reports, newest first
        let history = HistoryReport(try await fixture.store.recentEvents(EventFilter()))
        #expect(all.events.map(\.id) == history.events.map(\.id))
        #expect(all.events.first?.summary == history.events.first?.summary)
        #expect(all.events.first?.projectKey == StatusPageFixture.hostileProject.description)
        #expect(pushes.events.count == 2)
        #expect(pushes.events.allSatisfy { $0.type == "commits.new" })
        let sampleAll = history.events.filter { $0.projectKey == CLIStateFixture.project.description }
        #expect(sample.events.map(\.id) == Array(sampleAll.map(\.id)[1...2]))
    }

    @Test func testEvents_unknownTypeOrProject_sayWhy() async throws {
        let api = try await StatusPageFixture(extraProjects: 1).api()

        await #expect(throws: StatusAPIError.self) { try await api.events(PageQuery("type=commits.old")) }
        do {
            _ = try await api.events(PageQuery("project=nobody%2Fhere"))
            Issue.record("expected notFound")
        } catch let error as StatusAPIError {
            #expect(error.status == 404)
            #expect(error.message.hasPrefix("no watched project nobody/here; known: "))
        }
    }

    @Test func testEvent_detailHasPayloadDeliveriesAndAttempts() async throws {
        // Given the sample commits.new: delivered nowhere yet to chat, dead at ops after HTTP 404
        let api = try await StatusPageFixture(extraProjects: 1).api()
        let id = CLIStateFixture.id(of: .commitsNew)

        // When its detail is read by a 12-digit prefix
        let detail = try await api.event(String(id.prefix(12)))

        // Then it carries the payload, both deliveries and the dead attempt
        #expect(detail.event.id == id)
        #expect(detail.event.event?.type == .commitsNew)
        #expect(detail.event.deliveries.map(\.sink) == ["chat", "ops"])
        #expect(detail.attempts.map(\.outcome) == ["dead"])
        #expect(detail.attempts.first?.httpStatus == 404)
        #expect(detail.attempts.first?.error == "the webhook is gone")
    }

    @Test func testEvent_unknownID_isNotFound() async throws {
        let api = try await StatusPageFixture(extraProjects: 1).api()

        do {
            _ = try await api.event("deadbeefdeadbeef")
            Issue.record("expected notFound")
        } catch let error as StatusAPIError {
            #expect(error == .notFound("no stored event with id deadbeefdeadbeef (see `glwatch history`; old events are pruned)"))
        }
    }

    @Test func testDeliveries_waitingAndDeadByDefault_filteredBySinkAndState() async throws {
        let api = try await StatusPageFixture(extraProjects: 1).api()

        // When deliveries are listed by default, for ops, and only delivered ones
        let all = try await api.deliveries(PageQuery(nil))
        let ops = try await api.deliveries(PageQuery("sink=ops"))
        let delivered = try await api.deliveries(PageQuery("state=delivered"))

        // Then the default leaves out delivered ones; the sink filter narrows the queues too
        #expect(!all.deliveries.contains { $0.state == "delivered" })
        #expect(all.deliveries.contains { $0.state == "dead" })
        #expect(ops.deliveries.map(\.state) == ["dead"])
        #expect(ops.sinks.map(\.name) == ["ops"])
        #expect(ops.sinks.first?.deadLetters == 1)
        #expect(delivered.deliveries.map(\.eventType) == ["contributor.new"])
        await #expect(throws: StatusAPIError.badRequest("unknown delivery state \"lost\"; use pending, failed, dead or delivered")) {
            try await api.deliveries(PageQuery("state=lost"))
        }
    }

    // MARK: What only the running watcher knows

    @Test func testOverview_instances_rateLimitedDownOrOk_fromTheRunningEngine() async throws {
        // Given a running engine with one rate-limited instance, one down and one fine, and one lagging project
        let fixture = try await StatusPageFixture(extraProjects: 1)
        let now = StatusPageFixture.now
        let engine = FakeEngineStatus(
            instances: [
                InstanceStatus(
                    name: "main", host: "gitlab.example.com", pausedUntil: now + 60, rateLimitRemaining: 0,
                    rateLimitLimit: 2000, rateLimitResetAt: now + 60, throttled: 3, lastError: "gitlab.example.com: rate limited (HTTP 429)",
                    lastErrorAt: now - 5
                ),
                InstanceStatus(
                    name: "onprem", host: "git.internal", throttled: 0, downSince: now - 600, nextProbeAt: now + 15,
                    lastError: "git.internal: GET /user failed: connection refused", lastErrorAt: now - 15
                ),
                InstanceStatus(
                    name: "quiet", host: "gitlab.com", rateLimitRemaining: 1990, rateLimitLimit: 2000, throttled: 0
                ),
            ],
            projects: [CLIStateFixture.project: ProjectLiveStatus(lagging: true, wokenBy: .sweep)]
        )

        // When the overview is read with it, and without one
        let overview = try await fixture.api(engine: engine).overview()
        let plain = try await fixture.api().overview()

        // Then each instance says how it stands; the lagging project is counted; without an engine, nothing is said
        let instances = try #require(overview.instances)
        #expect(instances.map(\.status) == ["rate-limited", "down", "ok"])
        #expect(instances[0].pausedUntil == now + 60)
        #expect(instances[0].rateLimitRemaining == 0 && instances[0].rateLimitLimit == 2000 && instances[0].throttled == 3)
        #expect(instances[1].downSince == now - 600 && instances[1].nextProbeAt == now + 15)
        #expect(instances[1].lastError == "git.internal: GET /user failed: connection refused")
        #expect(instances[2].rateLimitRemaining == 1990 && instances[2].lastError == nil)
        #expect(overview.projects.lagging == 1)
        #expect(overview.projects.byStatus["active"] == 3)  // the stored statuses are unchanged
        #expect(plain.instances == nil && plain.projects.lagging == nil)
    }

    @Test func testProjects_lagging_isAStatusToFilterAndSortBy_besideWhatWokeEachPoll() async throws {
        // Given the sample project lagging (its last poll the sweep's), the hostile one woken by a hook, and the sample
        // project's last hook recorded
        let fixture = try await StatusPageFixture(extraProjects: 3)
        let engine = FakeEngineStatus(projects: [
            CLIStateFixture.project: ProjectLiveStatus(lagging: true, wokenBy: .sweep),
            StatusPageFixture.hostileProject: ProjectLiveStatus(lagging: false, wokenBy: .hook),
        ])
        try await fixture.store.recordHooks([IdlePoll(project: CLIStateFixture.project, at: Sample.time(100))])
        let api = fixture.api(engine: engine)

        // When projects are filtered by status, sorted by status and by last hook
        let lagging = try await api.projects(PageQuery("status=lagging"))
        let active = try await api.projects(PageQuery("status=active&status=unreachable"))
        let byStatus = try await api.projects(PageQuery("sort=status&limit=2"))
        let byHook = try await api.projects(PageQuery("sort=lastHook&limit=1"))
        let all = try await api.projects(PageQuery(nil))

        // Then lagging is a status of its own (the stored one stays `active`), each project says what woke its last
        // poll, and projects the engine does not know say nothing
        #expect(lagging.projects.map(\.path) == ["glwatch/sample"])
        #expect(lagging.projects[0].status == "active" && lagging.projects[0].lagging == true)
        #expect(lagging.projects[0].wokenBy == "sweep")
        #expect(active.total == 4 && !active.projects.contains { $0.path == "glwatch/sample" })
        #expect(byStatus.projects.map(\.path) == ["glwatch/sample", StatusPageFixture.hostilePath])
        #expect(byHook.projects.map(\.path) == ["glwatch/sample"])
        #expect(byHook.projects[0].lastHookAt == Sample.time(100))
        let quiet = try #require(all.projects.first { $0.path == "team/service-001" })
        #expect(quiet.lagging == nil && quiet.wokenBy == nil)
        #expect(all.projects.first { $0.path == StatusPageFixture.hostilePath }?.wokenBy == "hook")
        await #expect(
            throws: StatusAPIError.badRequest(
                "unknown project status \"late\"; use stalled, unreachable, lagging, active, archived, removed"
            )
        ) { try await api.projects(PageQuery("status=late")) }
    }

    @Test func testProjects_stalledSortsFirst_thenUnreachable_thenLagging_andIsAStatusToFilterBy() async throws {
        // Given one quiet project stalled, another unreachable, and the sample project lagging
        let fixture = try await StatusPageFixture(extraProjects: 4)
        var stalled = ProjectRecord(key: ProjectKey(instance: "gitlab.example.com", id: 1002), path: "team/service-002")
        stalled.status = .stalled
        stalled.consecutiveFailures = 5
        var unreachable = ProjectRecord(
            key: ProjectKey(instance: "gitlab.example.com", id: 1003), path: "team/service-003"
        )
        unreachable.status = .unreachable
        unreachable.consecutiveFailures = 3
        _ = try await fixture.store.apply(StateChange(at: Sample.time(1900), projects: [stalled, unreachable]))
        let api = fixture.api(
            engine: FakeEngineStatus(projects: [CLIStateFixture.project: ProjectLiveStatus(lagging: true, wokenBy: .sweep)])
        )

        // When projects are sorted by status, filtered to the stalled ones, and counted
        let byStatus = try await api.projects(PageQuery("sort=status&limit=3"))
        let onlyStalled = try await api.projects(PageQuery("status=stalled"))
        let overview = try await api.overview()

        // Then what needs attention comes first: stalled (retrying alone will not help), unreachable, lagging
        #expect(byStatus.projects.map(\.path) == ["team/service-002", "team/service-003", "glwatch/sample"])
        #expect(byStatus.projects.map(\.status) == ["stalled", "unreachable", "active"])
        #expect(onlyStalled.projects.map(\.path) == ["team/service-002"] && onlyStalled.total == 1)
        #expect(overview.projects.byStatus["stalled"] == 1 && overview.projects.byStatus["unreachable"] == 1)
    }

    @Test func testDeliveries_eachSinkCarriesItsCircuitBreaker_statusJSONDoesNot() async throws {
        // Given the running delivery side: chat's breaker closed after 2 failures, ops' open for another 30 s
        let fixture = try await StatusPageFixture(extraProjects: 1)
        let now = StatusPageFixture.now
        let api = fixture.api(
            breakers: FakeBreakers(states: ["chat": .closed(failures: 2), "ops": .open(until: now + 30, cooldown: 60)])
        )

        // When the deliveries and the overview are read, and `glwatch status --json` is made
        let deliveries = try await api.deliveries(PageQuery(nil))
        let overview = try await api.overview()
        let report = try await StatusReport.load(from: fixture.store, statePath: "state.db", now: now)
        let json = String(decoding: try EventJSON.encoder().encode(report), as: UTF8.self)

        // Then each sink has its breaker; the CLI's shape gains nothing
        let chat = try #require(deliveries.sinks.first { $0.name == "chat" }?.breaker)
        let ops = try #require(deliveries.sinks.first { $0.name == "ops" }?.breaker)
        #expect(chat.state == "closed" && chat.failures == 2 && chat.openUntil == nil)
        #expect(ops.state == "open" && ops.openUntil == now + 30 && ops.cooldownSeconds == 60)
        #expect(StatusReport.Breaker(.halfOpen(cooldown: 120)).state == "half-open")
        #expect(overview.sinks.map(\.breaker) == deliveries.sinks.map(\.breaker))
        #expect(!json.contains("breaker") && !json.contains("lagging") && !json.contains("wokenBy"))
        #expect(try await fixture.api().deliveries(PageQuery(nil)).sinks.allSatisfy { $0.breaker == nil })
    }
}
