import Foundation
import Logging
import Notifier

/// Reading `state:`, `log:`, `metrics:` and `engine:`.
extension GLWatchConfigLoader {
    /// `state:`, defaulting to the XDG state directory; `state.postgres` needs its URL (`url_env` or `url_file`).
    func state(_ document: YAMLMapping, paths: PathResolver) -> StateConfig {
        let fallback = StateConfig(path: StateConfig.defaultPath(variable: environment.variable(named:)))
        guard let map = document.mapping("state", context: "\"state\"") else { return fallback }
        map.checkKeys(ConfigSection.state.names)
        var state = map.string("path").map { StateConfig(path: paths.resolve($0)) } ?? fallback
        if let postgres = map.mapping("postgres", context: map.describe("postgres")) {
            postgres.checkKeys(ConfigSection.statePostgres.names)
            let secrets = SinksLoader(environment: environment, baseDirectory: paths.baseDirectory)
            if let (url, source) = secrets.secret(
                postgres, literalKey: nil, envKey: "url_env", fileKey: "url_file", literalAllowed: false,
                required: true
            ) {
                state.postgres = PostgresStateConfig(url: url, source: source.display)
            }
            if let period = postgres.duration("lease_period", minimum: 1) { state.postgres?.leasePeriod = period }
            if let limit = postgres.duration("query_timeout", minimum: 1) { state.postgres?.queryTimeout = limit }
        }
        return state
    }

    /// `log:`.
    func log(_ document: YAMLMapping) -> LogConfig {
        var log = LogConfig()
        guard let map = document.mapping("log", context: "\"log\"") else { return log }
        map.checkKeys(ConfigSection.log.names)
        log.format =
            word(map, "format", LogConfig.Format.allCases.map(\.rawValue)).flatMap { LogConfig.Format(rawValue: $0) }
            ?? log.format
        log.level = word(map, "level", LogConfig.levelNames).flatMap { Logger.Level(rawValue: $0) } ?? log.level
        return log
    }

    /// `metrics:`; giving `listen` turns metrics on.
    func metrics(_ document: YAMLMapping, paths: PathResolver) -> MetricsConfig {
        var metrics = MetricsConfig()
        guard let map = document.mapping("metrics", context: "\"metrics\"") else { return metrics }
        map.checkKeys(ConfigSection.metrics.names)
        if let node = map.value("listen"), let text = map.string("listen") {
            if let (host, port) = MetricsConfig.parse(listen: text) {
                metrics.host = host
                metrics.port = port
                metrics.enabled = true
            } else {
                map.reader.error(
                    "\(map.describe("listen")) must be host:port, like 127.0.0.1:9464 or [::1]:9464",
                    at: node
                )
            }
        }
        if let enabled = map.bool("enabled") { metrics.enabled = enabled }
        metrics.unhealthyAfter = map.duration("unhealthy_after", minimum: 1)
        metrics.auth = operationsAuth(map, paths: paths)
        metrics.adminToken = adminToken(map, auth: metrics.auth, paths: paths)
        return metrics
    }

    /// `engine:`, over the engine's own defaults; the change feed reads every instance with a token unless
    /// `engine.feed` is `false`.
    func engine(_ document: YAMLMapping, instances: [GitLabInstanceConfig]) -> EngineConfig {
        var engine = EngineConfig()
        engine.configuration.eventLateness = EngineConfiguration.defaultEventLateness
        let withToken = Set(
            instances.filter { instance in
                if case .none = instance.auth { return false }
                return instance.tokenSource != nil
            }
            .map(\.name)
        )
        engine.configuration.feed = withToken.isEmpty ? nil : FeedConfiguration(instances: withToken)
        guard let map = document.mapping("engine", context: "\"engine\"") else { return engine }
        map.checkKeys(ConfigSection.engine.names)
        if let value = map.int("max_concurrent_polls_per_host", minimum: 1) {
            engine.configuration.maxConcurrentPollsPerHost = value
        }
        if let value = map.duration("discovery_interval", minimum: 1) { engine.configuration.discoveryInterval = value }
        if let value = map.duration("poll_timeout", minimum: 1) { engine.configuration.pollTimeout = value }
        if let value = map.int("lagging_after_intervals", minimum: 1) {
            engine.configuration.laggingAfterIntervals = value
        }
        if let value = map.duration("shutdown_grace", minimum: 0) { engine.shutdownGrace = value }
        if let value = map.duration("sweep_interval", minimum: 1) {
            engine.configuration.sweepInterval = value
            engine.configuration.feed?.sweepInterval = value
        }
        if let value = map.duration("feed_overlap", minimum: 0) {
            engine.configuration.eventLateness = value
            engine.configuration.feed?.overlap = value
        }
        if let value = map.int("graphql_batch_size", minimum: 0) {
            if value > GitLabGraphQLAPI.maximumPaths, let node = map.value("graphql_batch_size") {
                map.reader.error(
                    "\(map.describe("graphql_batch_size")) must be at most \(GitLabGraphQLAPI.maximumPaths) (GitLab's limit)",
                    at: node
                )
            }
            engine.configuration.feed?.graphQLBatchSize = value
        }
        if map.bool("feed") == false { engine.configuration.feed = nil }
        return engine
    }

    /// A value that must be one of `words`, with the closest one suggested.
    private func word(_ map: YAMLMapping, _ key: String, _ words: [String]) -> String? {
        guard let node = map.value(key), let text = map.string(key) else { return nil }
        guard words.contains(text) else {
            map.reader.error(
                "\(map.describe(key)) must be one of \(words.joined(separator: ", "))"
                    + DidYouMean.hint(for: text, among: words),
                at: node
            )
            return nil
        }
        return text
    }
}
