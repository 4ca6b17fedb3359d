import Foundation

extension SoakRun {
    /// The config the children run with: the fake, the group, every branch, a webhook sink that retries fast and
    /// gives up on a hung receiver after 2 s, and (unless switched off) a `paths:` rule routing commits that touch
    /// `src/` to a second webhook sink.
    ///
    /// The request pace is raised from the default 600 a minute: every restart polls all projects at once, so with
    /// the default most of a child's short life went to waiting for its own pacer rather than to polling.
    /// Discovery runs every 2 s, so a project created mid-run is found while the run lasts.
    func configuration() -> String {
        let pathsSink = """
              \(SoakLedger.pathsSink):
                type: webhook
                url_env: GLWATCH_SOAK_AUDIT_HOOK
                secret_env: GLWATCH_SOAK_SECRET
                timeout: 2s
                retry: { initial_delay: 100ms, max_delay: 1s, give_up_after: never }
                circuit_breaker: { failures: 5, open_for: 500ms, max_open_for: 1s }

            """
        let pathsRule = """
              - name: source-changes
                events: [commits.new]
                paths: ["src/**"]
                notify: [\(SoakLedger.pathsSink)]
                continue: true

            """
        return """
            gitlab:
              fake:
                url: \(world.fake.baseURL.absoluteString)
                token_file: \(directory.appendingPathComponent("token").path)
                timeout: 3s
                requests_per_minute: 3000
                burst: 60
            watch:
              - group: \(SoakWorld.group)
                branches: all
                interval: 1s
                max_interval: 2s
            \(stateSection())
            engine:
              shutdown_grace: 10s
              discovery_interval: 2s
              sweep_interval: 10s
              feed_overlap: 4s
            sinks:
              \(SoakLedger.mainSink):
                type: webhook
                url_env: GLWATCH_SOAK_HOOK
                secret_env: GLWATCH_SOAK_SECRET
                timeout: 2s
                retry: { initial_delay: 100ms, max_delay: 1s, give_up_after: never }
                circuit_breaker: { failures: 5, open_for: 500ms, max_open_for: 1s }
            \(options.pathsRule ? pathsSink : "")rules:
            \(options.pathsRule ? pathsRule : "")  - name: everything
                notify: [\(SoakLedger.mainSink)]

            """
    }

    /// `state:`: the SQLite file, or the PostgreSQL database the replicas share (its URL in the environment).
    private func stateSection() -> String {
        guard options.databaseURL != nil else {
            return "state:\n  path: \(directory.appendingPathComponent("state.db").path)"
        }
        let lease = "lease_period: \(options.leasePeriodSeconds)s"
        return "state:\n  postgres: {url_env: \(Self.databaseURLVariable), \(lease)}"
    }

    /// The variable the children read the database URL from.
    static var databaseURLVariable: String { "GLWATCH_SOAK_DATABASE_URL" }

    /// Polls the children logged: finished ones (`polled`) and failed ones (`poll failed`).
    func countPolls(in log: URL) -> (cycles: Int, failed: Int) {
        guard let text = try? String(contentsOf: log, encoding: .utf8) else { return (0, 0) }
        var polled = 0
        var failed = 0
        for line in text.split(separator: "\n") {
            if line.contains("poll failed") {
                failed += 1
            } else if line.contains("polled") {
                polled += 1
            }
        }
        return (polled + failed, failed)
    }

    /// The last 40 lines of the children's log.
    func tail(of log: URL) -> String {
        SoakWatchdog.tail(of: log)
    }
}
