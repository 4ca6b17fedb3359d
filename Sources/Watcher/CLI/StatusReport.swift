import Foundation

/// What `glwatch status` reports, and the exact shape of `glwatch status --json` (version 1).
///
/// The JSON is for scripts, so its shape is stable: fields are only ever added (a removal or a change of meaning
/// bumps `version`). Dates are ISO 8601 in UTC with milliseconds; fields whose value is unknown (a project never
/// polled) are left out. Nothing in it is secret: sink names, project paths and failure reasons only (the store
/// never keeps URLs or tokens).
///
/// ```json
/// {
///   "version": 1,
///   "generatedAt": "2026-05-01T08:00:00.000Z",
///   "state": "/home/ann/.local/state/glwatch/state.db",
///   "projects": [{
///     "key": "gitlab.com/278964", "path": "gitlab-org/gitlab", "status": "active",
///     "lastPollAt": "…", "lastSuccessAt": "…", "lagSeconds": 42, "consecutiveFailures": 0,
///     "heads": [{ "branch": "main", "sha": "…", "updatedAt": "…" }], "lastChangeAt": "…"
///   }],
///   "sinks": [{ "name": "chat", "queueDepth": 2, "deadLetters": 0, "oldestWaitingAt": "…" }]
/// }
/// ```
///
/// On PostgreSQL, `state` is `postgres://user@host:port/database` (never the password) and `replicas` says how the
/// replicas share the work (`Replicas`).
struct StatusReport: Codable, Sendable, Equatable {
    /// One watched project.
    struct Project: Codable, Sendable, Equatable {
        /// The stable key, `instance/id`.
        var key: String
        /// The project's current path.
        var path: String
        /// `active`, `unreachable`, `stalled`, `archived` or `removed`.
        var status: String
        /// The last poll, successful or not.
        var lastPollAt: Date?
        /// The last successful poll.
        var lastSuccessAt: Date?
        /// Seconds since the last successful poll (how stale glwatch's view of the project is).
        var lagSeconds: Int?
        /// Polls failed in a row since the last success.
        var consecutiveFailures: Int
        /// Why the last poll failed (never a token).
        var lastError: String?
        /// The known branch heads.
        var heads: [Head]
        /// When a head last moved (the newest head's `updatedAt`).
        var lastChangeAt: Date?
        /// When GitLab last sent a webhook for the project (instant mode); `nil` when none came.
        var lastHookAt: Date?
        /// Whether the lag watchdog reported the project (`watcher.lagging`) and no poll has completed since. Only
        /// the status page's API has it (a running watcher knows); `status --json` leaves it out.
        var lagging: Bool? = nil
        /// What started the project's last poll in this run of the watcher (`start`, `timer`, `sweep`, `feed` or
        /// `hook`); only from the status page's API, and left out before the first poll.
        var wokenBy: String? = nil
    }

    /// One branch head.
    struct Head: Codable, Sendable, Equatable {
        /// The branch.
        var branch: String
        /// The head commit's SHA.
        var sha: String
        /// When glwatch recorded it.
        var updatedAt: Date
    }

    /// One sink's queue.
    struct Sink: Codable, Sendable, Equatable {
        /// The sink's configured name.
        var name: String
        /// Deliveries waiting (pending or being retried).
        var queueDepth: Int
        /// Deliveries that failed for good (see `glwatch deliveries`).
        var deadLetters: Int
        /// When the oldest waiting delivery was queued.
        var oldestWaitingAt: Date?
        /// The sink's circuit breaker in the running watcher; only the status page's API has it (and only while
        /// the delivery side runs); `status --json` leaves it out.
        var breaker: Breaker? = nil
    }

    /// The shape's version.
    var version = 1
    /// When the report was made.
    var generatedAt: Date
    /// The state database read.
    var state: String
    /// Every project, ordered by key.
    var projects: [Project]
    /// Every configured sink (when the config is known) and every sink with deliveries, ordered by name.
    var sinks: [Sink]
    /// On PostgreSQL: the replicas, their leases and the leader (`Replicas`); absent on SQLite.
    var replicas: Replicas? = nil

    /// Reads the report from the store; `configuredSinks` are listed even with nothing queued. With `replicas`
    /// (PostgreSQL) it adds how the replicas share the work, their heartbeats read with `leasePeriod`.
    static func load(
        from store: some StateQueries,
        statePath: String,
        configuredSinks: [String] = [],
        replicas: (any ReplicaQueries)? = nil,
        leasePeriod: TimeInterval = 30,
        now: Date
    ) async throws -> StatusReport {
        let states = try await store.projectStates()
        let metrics = try await store.metrics()
        let projects = states.map { state in
            let record = state.record
            return Project(
                key: record.key.description,
                path: record.path,
                status: record.status.rawValue,
                lastPollAt: record.lastPollAt,
                lastSuccessAt: record.lastSuccessAt,
                lagSeconds: record.lastSuccessAt.map { max(0, Int(now.timeIntervalSince($0).rounded())) },
                consecutiveFailures: record.consecutiveFailures,
                lastError: record.lastError,
                heads: state.heads.map { Head(branch: $0.branch, sha: $0.sha, updatedAt: $0.updatedAt) },
                lastChangeAt: state.heads.map(\.updatedAt).max(),
                lastHookAt: record.lastHookAt
            )
        }
        let sinks = Self.sinks(metrics, configuredSinks: configuredSinks)
        var report = StatusReport(generatedAt: now, state: statePath, projects: projects, sinks: sinks)
        if let replicas {
            let overview = try await replicas.replicaOverview(now: now, limit: waitingListLimit)
            report.replicas = Self.replicas(overview, leasePeriod: leasePeriod, now: now)
        }
        return report
    }

    /// Every configured sink and every sink with deliveries, ordered by name, from the store's counts.
    static func sinks(_ metrics: StoreMetrics, configuredSinks: [String]) -> [Sink] {
        let sinkNames = Set(metrics.queueDepth.keys).union(metrics.deadLetters.keys).union(configuredSinks).sorted()
        return sinkNames.map { name in
            Sink(
                name: name,
                queueDepth: metrics.queueDepth[name] ?? 0,
                deadLetters: metrics.deadLetters[name] ?? 0,
                oldestWaitingAt: metrics.oldestWaiting[name]
            )
        }
    }
}
