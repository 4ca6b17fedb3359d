/// The `# HELP` text of every metric, which Prometheus shows in its expression browser.
///
/// swift-prometheus's metrics factory registers metrics without help text (the swift-metrics API has no place for
/// it), so `/metrics` adds the lines when it renders (`withHelp(_:)`).
extension WatcherMetrics {
    /// Every exported metric name.
    static let allNames = [
        Name.polls, Name.pollDuration, Name.lastSuccessfulPoll, Name.projectStalled, Name.gitlabRequests, Name.gitlabRequestDuration,
        Name.rateLimitWaits, Name.rateLimited, Name.rateLimitRemaining, Name.events, Name.deliveries, Name.queueDepth,
        Name.deadLetters, Name.oldestWaiting, Name.projects, Name.discoveries, Name.watchedProjects,
        Name.replicaLeases, Name.replicaLeader, Name.replicaDatabaseUp, Name.replicaLeaseLosses,
    ]

    /// One line of help per metric name (docs/operations.md's table says the same).
    static let help: [String: String] = [
        Name.polls: "Polls of a project, by what they found (outcome: changed, unchanged, failed, rate_limited).",
        Name.pollDuration: "How long each poll of a project took, by outcome.",
        Name.lastSuccessfulPoll: "Unix time of the project's last successful poll (project: instance/id).",
        Name.projectStalled: "1 while the project is stalled (its polls failed the same way stalled_after times in a "
            + "row), 0 once a poll succeeds; only projects that stalled have a series.",
        Name.gitlabRequests: "HTTP exchanges with GitLab, retries included, by host and status (HTTP code or failure).",
        Name.gitlabRequestDuration: "Time per HTTP exchange with GitLab, by host.",
        Name.rateLimitWaits: "Times GitLab made the host wait (a 429, or RateLimit-Remaining: 0).",
        Name.rateLimited: "1 while polls of the host are held back by GitLab's rate limit, else 0.",
        Name.rateLimitRemaining: "Requests GitLab says are left in its rate-limit window (RateLimit-Remaining).",
        Name.events: "Events stored, by type (an event re-applied after a crash counts once).",
        Name.deliveries: "Delivery attempts' results per sink (outcome: delivered, retried, dead).",
        Name.queueDepth: "Deliveries waiting per sink (pending or to be retried).",
        Name.deadLetters: "Deliveries given up on per sink (`glwatch deliveries` lists them; they can be re-queued).",
        Name.oldestWaiting: "Age in seconds of the sink's oldest waiting delivery: how far behind the sink is.",
        Name.projects: "Projects in the state store, by status (active, unreachable, stalled, archived, removed).",
        Name.discoveries: "Group and membership listings (new, renamed, archived projects), by outcome.",
        Name.watchedProjects: "Projects watched now.",
        Name.replicaLeases: "Project leases this replica holds (PostgreSQL; replica: its id).",
        Name.replicaLeader: "1 while this replica holds the leader lease, else 0.",
        Name.replicaDatabaseUp: "1 while this replica's latest lease round reached the state database, else 0.",
        Name.replicaLeaseLosses: "Project leases this replica lost: claimed by another once expired, or lapsed "
            + "without the database.",
    ]

    /// `exposition` (Prometheus text format 0.0.4) with a `# HELP` line before the `# TYPE` line of every metric
    /// that has help text and none yet; other lines are kept as they are.
    static func withHelp(_ exposition: [UInt8]) -> [UInt8] {
        let text = String(decoding: exposition, as: UTF8.self)
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("# TYPE "), let name = line.dropFirst(7).split(separator: " ").first,
                let help = help[String(name)], lines.last?.hasPrefix("# HELP \(name) ") != true
            {
                let escaped = help.replacingOccurrences(of: "\\", with: "\\\\")
                    .replacingOccurrences(of: "\n", with: "\\n")
                lines.append("# HELP \(name) \(escaped)")
            }
            lines.append(line)
        }
        return Array(lines.joined(separator: "\n").utf8)
    }
}
