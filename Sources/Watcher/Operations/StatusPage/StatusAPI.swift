import Foundation
import Notifier

/// The data behind the status page and `/api/v1/…`: the same reports as `glwatch status --json`, `history --json`
/// and `deliveries --json` (built by the same code), paged, plus the overview and the chart counts.
///
/// Every method reads the store through read-only queries and returns a value to encode; bad parameters throw
/// `StatusAPIError`. The shapes (`version: 1`) only ever gain fields.
struct StatusAPI: Sendable {
    /// The store's read side.
    let store: any StatusPageStore
    /// The state database's path (as `status --json` reports it).
    let statePath: String
    /// Sinks in the config, listed even with nothing queued.
    let configuredSinks: [String]
    /// When this watcher started (for the uptime).
    let startedAt: Date
    /// Health, as `/healthz` reports it (`nil` when there is no monitor).
    let health: HealthMonitor?
    /// The clock.
    let now: @Sendable () -> Date
    /// GitLab requests per minute (`nil`: not recorded, the overview leaves them out).
    var requests: RequestRateHistory? = nil
    /// The running engine's instances and projects (`nil`: none, the live fields are left out).
    var engine: (any EngineStatusSource)? = nil
    /// The running delivery side's circuit breakers (`nil`: none, the sinks have no `breaker`).
    var breakers: (any SinkBreakerSource)? = nil

    /// Everything at a glance: health, each GitLab instance, counts, the last 24 hours of events, each sink's queue.
    func overview() async throws -> Overview {
        let now = now()
        let metrics = try await store.metrics()
        let perHour = try await store.eventCounts(until: now, width: 3600, buckets: 24)
        let report = health?.health()
        let live = engine?.projectStatuses()
        return Overview(
            generatedAt: now,
            glwatch: .init(
                version: GLWatchVersion.current,
                startedAt: startedAt,
                uptimeSeconds: max(0, Int(now.timeIntervalSince(startedAt)))
            ),
            health: report.map {
                Overview.Health(
                    status: $0.ok ? "ok" : "unavailable", reason: $0.reason, lastSuccessfulPoll: $0.lastSuccessfulPoll
                )
            },
            instances: engine?.instanceStatuses().map { Overview.Instance($0, now: now) },
            projects: .init(
                total: metrics.projectsByStatus.values.reduce(0, +),
                byStatus: Dictionary(
                    uniqueKeysWithValues: metrics.projectsByStatus.map { ($0.key.rawValue, $0.value) }
                ),
                lagging: live.map { $0.values.filter(\.lagging).count }
            ),
            events: .init(
                last24Hours: perHour.reduce(0, +),
                perHour: perHour,
                byType: metrics.eventsByType
            ),
            deliveries: .init(
                waiting: metrics.queueDepth.values.reduce(0, +),
                dead: metrics.deadLetters.values.reduce(0, +)
            ),
            sinks: sinks(metrics),
            requestsPerMinute: requests?.perMinute(until: now)
        )
    }

    /// Projects as `status --json` lists them, with what the running engine knows (`lagging`, `wokenBy`); searched
    /// (`q`: part of the path or key), filtered by status (`status`, repeatable: `PageProjectStatus`), sorted (`sort`:
    /// `ProjectSort`) and paged (`limit`, default 50; `offset`).
    func projects(_ query: PageQuery) async throws -> ProjectsPage {
        let limit = try query.limit(default: 50)
        let offset = try query.offset()
        let sort = try ProjectSort(query.value("sort"))
        let statuses = Set(try query.values("status").map(PageProjectStatus.init(parsing:)))
        let report = try await StatusReport.load(from: store, statePath: statePath, now: now())
        var projects = report.projects
        if let live = engine?.projectStatuses() {
            for index in projects.indices {
                guard let key = ProjectKey(projects[index].key), let status = live[key] else { continue }
                projects[index].lagging = status.lagging
                projects[index].wokenBy = status.wokenBy?.rawValue
            }
        }
        if let search = query.value("q")?.lowercased() {
            projects = projects.filter { $0.path.lowercased().contains(search) || $0.key.lowercased().contains(search) }
        }
        if !statuses.isEmpty {
            projects = projects.filter { statuses.contains(PageProjectStatus($0)) }
        }
        projects.sort(by: sort.areInIncreasingOrder)
        return ProjectsPage(
            total: projects.count,
            offset: offset,
            limit: limit,
            projects: Array(projects.dropFirst(offset).prefix(limit))
        )
    }

    /// Events as `history --json` lists them, newest first, filtered by `type` (repeatable) and `project` (path or
    /// key), paged (`limit`, default 50; `offset`).
    func events(_ query: PageQuery) async throws -> EventsPage {
        var filter = EventFilter(limit: try query.limit(default: 50))
        filter.offset = try query.offset()
        let known = Set(EventType.allCases.map(\.rawValue))
        for type in query.values("type") where !known.contains(type) {
            throw StatusAPIError.badRequest(
                "unknown event type \"\(type)\"; known types: \(EventType.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        filter.types = Set(query.values("type"))
        if let project = query.value("project") {
            do {
                filter.projectKey = try await ProjectReference.resolve(project, in: store)
            } catch let error as CLIError {
                throw StatusAPIError.notFound(error.description)
            }
        }
        let report = HistoryReport(try await store.recentEvents(filter))
        return EventsPage(offset: filter.offset, limit: filter.limit, events: report.events)
    }

    /// One event (its exact id, or a unique prefix of at least 8 hex digits) with its payload, its deliveries and every
    /// attempt of them (newest first).
    func event(_ id: String) async throws -> EventDetail {
        var fullID = id
        if try await store.storedEvent(id: id) == nil {
            do {
                fullID = try await EventReference.resolve(id, in: store)
            } catch let error as CLIError {
                throw StatusAPIError.notFound(error.description)
            }
        }
        guard let stored = try await store.storedEvent(id: fullID), let entry = HistoryReport([stored]).events.first
        else {
            throw StatusAPIError.notFound("no stored event with id \(id)")
        }
        let attempts = try await store.attempts(AttemptFilter(eventID: fullID, limit: PageQuery.maximumLimit))
        return EventDetail(event: entry, attempts: attempts.map(DeliveriesReport.Attempt.init))
    }

    /// Deliveries as `deliveries --json` lists them (queue order), filtered by `sink` and `state` (repeatable;
    /// default: waiting and dead), paged (`limit`, default 100; `offset`); with each sink's queue.
    func deliveries(_ query: PageQuery) async throws -> DeliveriesPage {
        var states: Set<DeliveryState> = DeliveryState.undelivered.union([.dead])
        if !query.values("state").isEmpty {
            states = try Set(
                query.values("state").map { text in
                    guard let state = DeliveryState(rawValue: text) else {
                        throw StatusAPIError.badRequest(
                            "unknown delivery state \"\(text)\"; use pending, failed, dead or delivered"
                        )
                    }
                    return state
                }
            )
        }
        var filter = DeliveryFilter(sink: query.value("sink"), states: states, limit: try query.limit(default: 100))
        filter.offset = try query.offset()
        let records = try await store.deliveries(filter)
        let sinks = sinks(try await store.metrics())
        return DeliveriesPage(
            offset: filter.offset,
            limit: filter.limit,
            sinks: sinks.filter { filter.sink == nil || $0.name == filter.sink },
            deliveries: records.map(DeliveriesReport.Delivery.init)
        )
    }

    /// Each sink's queue, with its circuit breaker when the delivery side runs.
    private func sinks(_ metrics: StoreMetrics) -> [StatusReport.Sink] {
        let breakers = breakers?.breakerStates() ?? [:]
        return StatusReport.sinks(metrics, configuredSinks: configuredSinks).map { sink in
            var sink = sink
            sink.breaker = breakers[sink.name].map(StatusReport.Breaker.init)
            return sink
        }
    }
}
