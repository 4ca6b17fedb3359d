/// Every section of `glwatch.yml`: the single table the loader, `glwatch schema` and the reference share.
extension ConfigSection {
    /// The whole file.
    static let root = ConfigSection(
        title: "glwatch config",
        keys: [
            ConfigKey(
                "gitlab",
                .namedMap(.section(.instance)),
                default: "gitlab.com: {url: https://gitlab.com}",
                "GitLab instances by name."
            ),
            ConfigKey(
                "watch",
                .list(.section(.target), shorthand: .idOrPath),
                default: "[]",
                "What to watch (a bare `- group/project` is a project)."
            ),
            ConfigKey(
                "sinks",
                .external("sinks"),
                default: "a stdout sink when neither sinks nor rules are given",
                "Where notifications go: inline sinks, or files/globs of rules files."
            ),
            ConfigKey(
                "rules",
                .external("rules"),
                default: "every event to stdout when neither sinks nor rules are given",
                "Which events go to which sinks: inline rules and files/globs of rules files, tried in order."
            ),
            ConfigKey("timezone", .string, default: "UTC", "The time zone of rules' `time` conditions that name none."),
            ConfigKey(
                "aliases",
                .namedMap(.strings),
                default: "{}",
                "Identity aliases for every target: canonical e-mail → other addresses of the same person."
            ),
            ConfigKey("state", .section(.state), "Where glwatch keeps its state."),
            ConfigKey("log", .section(.log), "Logging to standard error."),
            ConfigKey("metrics", .section(.metrics), "The Prometheus `/metrics` endpoint."),
            ConfigKey("engine", .section(.engine), "Concurrency, discovery and shutdown."),
            ConfigKey("hooks", .section(.hooks), "Instant mode: GitLab webhooks as hints to poll a project at once."),
        ]
    )

    /// One entry under `gitlab:`.
    static let instance = ConfigSection(
        title: "gitlab instance",
        keys: [
            ConfigKey("url", .string, default: "https://gitlab.com", "The GitLab base URL, without /api/v4."),
            ConfigKey("token_env", .string, "The environment variable holding the access token."),
            ConfigKey("token_file", .string, "A file holding the access token (relative to the config file)."),
            ConfigKey(
                "auth",
                .wordOrSection(GitLabAuthKind.allCases.map(\.rawValue), .oauth),
                default: "private with a token, none without",
                "How the token is sent (PRIVATE-TOKEN, Authorization: Bearer, JOB-TOKEN, none), or OAuth settings."
            ),
            ConfigKey(
                "requests_per_minute",
                .integer(minimum: 1),
                default: "600",
                "glwatch's own request budget for this instance."
            ),
            ConfigKey("burst", .integer(minimum: 1), default: "20", "Requests allowed back to back before pacing."),
            ConfigKey("ca_file", .string, "A PEM file of extra CA certificates to trust (a private CA)."),
            ConfigKey("timeout", .duration, default: "30s", "How long one request may take."),
            ConfigKey(
                "token_expiry_warning",
                .duration,
                default: "14d",
                "How long before the token expires a token.expiring event is raised (checked at start and daily)."
            ),
        ]
    )

    /// `auth: {type: oauth, …}` of a GitLab instance: an OAuth application's refresh token, renewed and rotated.
    static let oauth = ConfigSection(
        title: "oauth",
        keys: [
            ConfigKey("type", .oneOf(["oauth"]), "Always oauth."),
            ConfigKey("client_id", .string, "The OAuth application's id."),
            ConfigKey("client_id_env", .string, "The environment variable holding the application's id."),
            ConfigKey("client_id_file", .string, "A file holding the application's id."),
            ConfigKey("client_secret_env", .string, "The environment variable holding the application's secret."),
            ConfigKey("client_secret_file", .string, "A file holding the application's secret."),
            ConfigKey(
                "refresh_token_file",
                .string,
                "The file holding the refresh token; glwatch writes each rotated one back (0600)."
            ),
            ConfigKey("redirect_uri", .string, "The redirect URI registered with the application."),
        ]
    )

    /// One entry under `watch:`.
    static let target = ConfigSection(
        title: "watch target",
        keys: [
            ConfigKey("project", .idOrPath, "A project by id or full path."),
            ConfigKey("group", .idOrPath, "Every project of a group, by id or full path."),
            ConfigKey("membership", .boolean, "Every project the token's user is a member of (`membership: true`)."),
            ConfigKey("include_subgroups", .boolean, default: "true", "With `group`: also the subgroups' projects."),
            ConfigKey(
                "include_archived",
                .boolean,
                default: "false",
                "With `group` or `membership`: archived projects too."
            ),
            ConfigKey("instance", .string, default: "the only instance", "The `gitlab:` instance to use."),
            ConfigKey(
                "branches",
                .strings,
                default: "the default branch",
                "Branch names or globs (`release/*`), or `all`."
            ),
            ConfigKey("interval", .duration, default: "1m", "How often each project is polled while it changes."),
            ConfigKey(
                "max_interval",
                .duration,
                default: "10 × interval",
                "The longest interval an idle or failing project backs off to."
            ),
            ConfigKey("initial", .section(.initial), "What happens the first time a branch is seen."),
            ConfigKey(
                "report_per_branch",
                .boolean,
                default: "false",
                "Report a commit on every watched branch it reaches, not once per project."
            ),
            ConfigKey(
                "tags",
                .boolean,
                default: "false",
                "Report tag.created and tag.deleted (reads the project's tags when a push event says they changed)."
            ),
            ConfigKey(
                "max_commits_per_push",
                .integer(minimum: 1),
                default: "5000",
                "The most commits fetched for one push."
            ),
            ConfigKey(
                "large_push_ends",
                .integer(minimum: 1),
                default: "100",
                "A push of more than twice this many commits lists only its first and last this many (with the total)."
            ),
            ConfigKey(
                "unreachable_after",
                .integer(minimum: 1),
                default: "3",
                "Failed polls in a row before `project.unreachable`."
            ),
            ConfigKey(
                "stalled_after",
                .integer(minimum: 1),
                default: "5",
                "Polls in a row that failed the same way (the same answer from the same endpoint) before "
                    + "`project.stalled`."
            ),
            ConfigKey(
                "aliases",
                .namedMap(.strings),
                default: "{}",
                "Identity aliases for this target, added to the top-level ones."
            ),
        ]
    )

    /// `initial:` of a watch target.
    static let initial = ConfigSection(
        title: "initial",
        keys: [
            ConfigKey(
                "notify_last",
                .integer(minimum: 0, maximum: 100),
                default: "0",
                "At first sight, announce each branch's last N commits (0: record a silent baseline)."
            )
        ]
    )

    /// `state:`.
    static let state = ConfigSection(
        title: "state",
        keys: [
            ConfigKey(
                "path",
                .string,
                default: "$XDG_STATE_HOME/glwatch/state.db (~/.local/state/glwatch/state.db)",
                "The SQLite database file (relative to the config file)."
            ),
            ConfigKey(
                "postgres",
                .section(.statePostgres),
                "Keep the state in PostgreSQL instead of SQLite: any number of replicas share it and split the work."
            ),
        ]
    )

    /// `state.postgres:`.
    static let statePostgres = ConfigSection(
        title: "state postgres",
        keys: [
            ConfigKey(
                "url_env", .string, "The environment variable holding the postgres://user:password@host:port/db URL."
            ),
            ConfigKey("url_file", .string, "A file holding that URL (relative to the config file)."),
            ConfigKey(
                "lease_period",
                .duration,
                default: "30s",
                "How long replica leases last unless renewed: a killed replica's work moves on after this long."
            ),
            ConfigKey(
                "query_timeout",
                .duration,
                default: "30s",
                "How long one operation on the database may go unanswered before its connection is closed and the "
                    + "operation fails (and is tried again)."
            ),
        ]
    )

    /// `log:`.
    static let log = ConfigSection(
        title: "log",
        keys: [
            ConfigKey("format", .oneOf(LogConfig.Format.allCases.map(\.rawValue)), default: "text", "Line format."),
            ConfigKey("level", .oneOf(LogConfig.levelNames), default: "info", "The least severe level logged."),
        ]
    )

    /// `metrics:`.
    static let metrics = ConfigSection(
        title: "metrics",
        keys: [
            ConfigKey("enabled", .boolean, default: "false (true when listen is given)", "Serve `/metrics`."),
            ConfigKey("listen", .string, default: "127.0.0.1:9464", "The address `/metrics` is served on."),
            ConfigKey(
                "unhealthy_after",
                .duration,
                default: "3 × the longest max_interval, at least 5m",
                "`/healthz` fails when no target has polled successfully for this long."
            ),
            ConfigKey("auth", .list(.section(.operationsAuth)), "Credentials for the status page, its API and /metrics."),
            ConfigKey(
                "admin_token_env", .string,
                "The environment variable holding the admin token: with it the status page can retry dead deliveries."
            ),
            ConfigKey(
                "admin_token_file", .string,
                "A file holding the admin token (relative to the config file); the same, from a file."
            ),
        ]
    )

    /// `engine:`.
    static let engine = ConfigSection(
        title: "engine",
        keys: [
            ConfigKey(
                "max_concurrent_polls_per_host",
                .integer(minimum: 1),
                default: "4",
                "Polls in flight at once against one GitLab instance."
            ),
            ConfigKey(
                "discovery_interval",
                .duration,
                default: "10m",
                "How often group and membership targets look for added or removed projects."
            ),
            ConfigKey(
                "poll_timeout",
                .duration,
                default: "10m",
                "The longest one poll may run before it is cancelled and counted as failed."
            ),
            ConfigKey(
                "lagging_after_intervals",
                .integer(minimum: 1),
                default: "5",
                "A project that has not completed a poll for this many of its intervals is reported lagging."
            ),
            ConfigKey(
                "shutdown_grace",
                .duration,
                default: "10s",
                "How long in-flight deliveries may finish on SIGTERM/SIGINT."
            ),
            ConfigKey(
                "feed",
                .boolean,
                default: "true",
                "Read each token's change feed (GET /events) and poll the projects it names at once."
            ),
            ConfigKey(
                "sweep_interval",
                .duration,
                default: "10m",
                "With the feed, how often each project it covers is still polled directly."
            ),
            ConfigKey(
                "feed_overlap",
                .duration,
                default: "10s",
                "How far back each feed read re-reads, for push events GitLab makes visible late."
            ),
            ConfigKey(
                "graphql_batch_size",
                .integer(minimum: 0),
                default: "20",
                "Default-branch heads of projects the feed cannot see, read per GraphQL request (≤ 50; 0: off)."
            ),
        ]
    )
}
