import Foundation
import Metrics

/// Everything glwatch reports about itself, on the swift-metrics API: polls, GitLab requests, rate-limit waits,
/// events, deliveries, the delivery queue and project freshness.
///
/// The factory is injected, so library code never touches the global `MetricsSystem`: `glwatch run` passes a
/// `PrometheusMetricsFactory` (whose registry `/metrics` renders), tests pass MetricsTestKit's `TestMetrics`.
/// The metric names and labels are documented in docs/operations.md; `Name` holds them in one place.
///
/// Labels stay low-cardinality by construction: outcomes, HTTP status codes, hosts, sinks, event types and project
/// statuses are small closed sets; the per-project metrics (`glwatch_last_successful_poll_timestamp_seconds`, and
/// `glwatch_project_stalled` for projects that stalled) are keyed by the stable `instance/id`, so a rename does not
/// start a new series.
final class WatcherMetrics: Sendable {
    /// The exported metric names.
    enum Name {
        static let polls = "glwatch_polls_total"
        static let pollDuration = "glwatch_poll_duration_seconds"
        static let lastSuccessfulPoll = "glwatch_last_successful_poll_timestamp_seconds"
        static let projectStalled = "glwatch_project_stalled"
        static let gitlabRequests = "glwatch_gitlab_requests_total"
        static let gitlabRequestDuration = "glwatch_gitlab_request_duration_seconds"
        static let rateLimitWaits = "glwatch_gitlab_rate_limit_waits_total"
        static let rateLimited = "glwatch_gitlab_rate_limited"
        static let rateLimitRemaining = "glwatch_gitlab_rate_limit_remaining"
        static let events = "glwatch_events_total"
        static let deliveries = "glwatch_deliveries_total"
        static let queueDepth = "glwatch_delivery_queue_depth"
        static let deadLetters = "glwatch_delivery_dead_letters"
        static let oldestWaiting = "glwatch_delivery_oldest_waiting_seconds"
        static let projects = "glwatch_projects"
        static let discoveries = "glwatch_discoveries_total"
        static let watchedProjects = "glwatch_watched_projects"
        static let feedReads = "glwatch_feed_reads_total"
        static let feedHints = "glwatch_feed_hints_total"
        static let replicaLeases = "glwatch_replica_leases"
        static let replicaLeader = "glwatch_replica_leader"
        static let replicaDatabaseUp = "glwatch_replica_database_up"
        static let replicaLeaseLosses = "glwatch_replica_lease_losses_total"
    }

    /// GitLab requests per minute over the last day, for the status page's chart (not exported to Prometheus).
    let requestHistory = RequestRateHistory()
    let polls: LabeledMetrics<Counter>
    let pollDuration: LabeledMetrics<Metrics.Timer>
    let lastSuccessfulPoll: LabeledMetrics<Gauge>
    let projectStalled: LabeledMetrics<Gauge>
    let gitlabRequests: LabeledMetrics<Counter>
    let gitlabRequestDuration: LabeledMetrics<Metrics.Timer>
    let rateLimitWaits: LabeledMetrics<Counter>
    let rateLimited: LabeledMetrics<Gauge>
    let rateLimitRemaining: LabeledMetrics<Gauge>
    let events: LabeledMetrics<Counter>
    let deliveries: LabeledMetrics<Counter>
    let queueDepth: LabeledMetrics<Gauge>
    let deadLetters: LabeledMetrics<Gauge>
    let oldestWaiting: LabeledMetrics<Gauge>
    let projects: LabeledMetrics<Gauge>
    let discoveries: LabeledMetrics<Counter>
    let watchedProjects: Gauge
    let feedReads: LabeledMetrics<Counter>
    let feedHints: LabeledMetrics<Counter>
    let replicaLeases: LabeledMetrics<Gauge>
    let replicaLeader: LabeledMetrics<Gauge>
    let replicaDatabaseUp: LabeledMetrics<Gauge>
    let replicaLeaseLosses: LabeledMetrics<Counter>

    /// Creates the metrics on `factory` (a `PrometheusMetricsFactory` in production).
    init(factory: any MetricsFactory) {
        polls = .counters(Name.polls, labels: ["outcome"], factory: factory)
        pollDuration = .timers(Name.pollDuration, labels: ["outcome"], factory: factory)
        lastSuccessfulPoll = .gauges(Name.lastSuccessfulPoll, labels: ["project"], factory: factory)
        projectStalled = .gauges(Name.projectStalled, labels: ["project"], factory: factory)
        gitlabRequests = .counters(Name.gitlabRequests, labels: ["host", "status"], factory: factory)
        gitlabRequestDuration = .timers(Name.gitlabRequestDuration, labels: ["host"], factory: factory)
        rateLimitWaits = .counters(Name.rateLimitWaits, labels: ["host"], factory: factory)
        rateLimited = .gauges(Name.rateLimited, labels: ["host"], factory: factory)
        rateLimitRemaining = .gauges(Name.rateLimitRemaining, labels: ["host"], factory: factory)
        events = .counters(Name.events, labels: ["type"], factory: factory)
        deliveries = .counters(Name.deliveries, labels: ["sink", "outcome"], factory: factory)
        queueDepth = .gauges(Name.queueDepth, labels: ["sink"], factory: factory)
        deadLetters = .gauges(Name.deadLetters, labels: ["sink"], factory: factory)
        oldestWaiting = .gauges(Name.oldestWaiting, labels: ["sink"], factory: factory)
        projects = .gauges(Name.projects, labels: ["status"], factory: factory)
        discoveries = .counters(Name.discoveries, labels: ["outcome"], factory: factory)
        watchedProjects = Gauge(label: Name.watchedProjects, factory: factory)
        feedReads = .counters(Name.feedReads, labels: ["instance", "outcome"], factory: factory)
        feedHints = .counters(Name.feedHints, labels: ["instance", "outcome"], factory: factory)
        replicaLeases = .gauges(Name.replicaLeases, labels: ["replica"], factory: factory)
        replicaLeader = .gauges(Name.replicaLeader, labels: ["replica"], factory: factory)
        replicaDatabaseUp = .gauges(Name.replicaDatabaseUp, labels: ["replica"], factory: factory)
        replicaLeaseLosses = .counters(Name.replicaLeaseLosses, labels: ["replica"], factory: factory)
    }

    // MARK: Polls

    /// Records one finished poll of `project`: its outcome, how long it took, when it succeeded, and whether the
    /// project is stalled (a series only for projects that ever stalled: 1 while stalled, 0 once recovered).
    func recordPoll(
        project: ProjectKey, outcome: PollOutcome, duration: TimeInterval, finishedAt: Date, stalled: Bool = false
    ) {
        let label = Self.label(outcome)
        polls(label).increment()
        pollDuration(label).record(seconds: duration)
        if stalled {
            projectStalled(project.description).record(1)
        }
        switch outcome {
        case .changed, .unchanged:
            lastSuccessfulPoll(project.description).record(finishedAt.timeIntervalSince1970)
            // A stall ends with a successful poll (`project.recovered`); until then its series stays 1.
            if !stalled, projectStalled.knownLabelValues.contains([project.description]) {
                projectStalled(project.description).record(0)
            }
        case .failed, .rateLimited, .deferred:
            break
        }
    }

    /// Counts events that polls produced, one per event, by type (`commits.new`, …).
    func recordEvents(types: [String]) {
        for type in types { events(type).increment() }
    }

    /// The `outcome` label of a poll.
    static func label(_ outcome: PollOutcome) -> String {
        switch outcome {
        case .changed: "changed"
        case .unchanged: "unchanged"
        case .failed: "failed"
        case .rateLimited: "rate_limited"
        case .deferred: "deferred"
        }
    }

    // MARK: GitLab requests

    /// Records one HTTP exchange with `host` (each attempt, retries included): `status` is the HTTP status code or a
    /// transport failure (`timeout`, `connection_error`, `cancelled`, `body_too_large`).
    func recordRequest(host: String, status: String, duration: TimeInterval) {
        gitlabRequests(host, status).increment()
        gitlabRequestDuration(host).record(seconds: duration)
    }

    /// The `status` label of a transport failure.
    static func label(_ error: GitLabTransportError) -> String {
        switch error {
        case .timeout: "timeout"
        case .cancelled: "cancelled"
        case .connection: "connection_error"
        case .bodyTooLarge: "body_too_large"
        }
    }
}
