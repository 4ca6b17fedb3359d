import Foundation

/// The commented config `glwatch init` writes: valid as written (it watches a public project without a token and
/// prints to stdout), with every other option shown, commented, at its default.
enum StarterConfig {
    /// The file's text as `glwatch init` writes it without options.
    static var text: String { template }

    /// The starter, with the GitLab URL, the token's variable and the projects filled in when given.
    ///
    /// - parameter url: The GitLab base URL; the instance is named after its host.
    /// - parameter tokenEnv: The variable holding the token (uncomments `token_env`).
    /// - parameter projects: Project paths or ids (checked by the caller: plain YAML words).
    static func text(url: String? = nil, tokenEnv: String? = nil, projects: [String] = []) -> String {
        var text = template
        func replace(_ old: String, _ new: String) { text = text.replacingOccurrences(of: old, with: new) }
        if let url {
            let host = URLComponents(string: url)?.host ?? "gitlab"
            replace("  gitlab.com:\n    url: https://gitlab.com\n", "  \(host):\n    url: \(url)\n")
            replace("# instance: gitlab.com", "# instance: \(host)")
        }
        if let tokenEnv { replace("    # token_env: GITLAB_TOKEN\n", "    token_env: \(tokenEnv)\n") }
        if let first = projects.first {
            replace("  - project: gitlab-org/cli ", "  - project: \(first) ")
            let more = projects.dropFirst().map { "  - project: \($0)\n" }.joined()
            replace("  # - group: my-group\n", more + "  # - group: my-group\n")
        }
        return text
    }

    private static let template = #"""
        # glwatch config — validate with `glwatch check`, print the schema with `glwatch schema`.
        # ${VAR} and ${VAR:-default} read the environment anywhere a value is expected.
        # Durations: 30s, 10m, 1h30m. Relative paths start from this file's directory.

        # GitLab instances, by name. Without this section: gitlab.com, unauthenticated.
        gitlab:
          gitlab.com:
            url: https://gitlab.com
            # A token makes private projects visible and raises GitLab's rate limits (scope: read_api).
            # Never write the token itself here: name a variable or a file.
            # token_env: GITLAB_TOKEN
            # token_file: /run/secrets/gitlab_token
            # auth: private              # private (PRIVATE-TOKEN) | bearer | job | none
            # OAuth instead of a token, renewed and rotated by glwatch (client_id: or client_id_file: also work,
            # client_secret_file: too; redirect_uri: when the application checks it):
            # auth: {type: oauth, client_id_env: GL_CLIENT_ID, client_secret_env: GL_CLIENT_SECRET,
            #        refresh_token_file: /var/lib/glwatch/gitlab_refresh}
            # requests_per_minute: 600   # glwatch's own budget on this instance
            # burst: 20
            # ca_file: /etc/ssl/certs/internal-ca.pem   # a private CA of a self-managed GitLab
            # timeout: 30s
            # token_expiry_warning: 14d  # token.expiring this long before the token expires

        # What to watch. Each target is a project, a group or your memberships.
        watch:
          - project: gitlab-org/cli         # a full path or a numeric id
            # branches: [main, "release/*"] # default: the project's default branch; `all` for every branch
            # interval: 1m                  # polling interval while the project changes
            # max_interval: 10m             # idle or failing projects back off up to this
            # initial:
            #   notify_last: 0              # at first sight, announce the last N commits (0: stay quiet)
            # report_per_branch: false
            # tags: false                   # true: tag.created / tag.deleted events
            # max_commits_per_push: 5000
            # large_push_ends: 100          # a longer push lists only its first and last 100 commits
            # unreachable_after: 3          # failed polls before a project.unreachable event
            # stalled_after: 5              # polls failing the same way before a project.stalled event
            # instance: gitlab.com          # needed only with several instances
          # - group: my-group
          #   include_subgroups: true
          #   include_archived: false
          # - membership: true              # every project the token's user belongs to (needs a token)

        # The same person under several e-mail addresses (canonical: [others]).
        # aliases:
        #   ada@example.com: [ada@old-company.example, ada.lovelace@users.noreply.gitlab.com]

        # Where notifications go. See docs/rules-and-sinks.md for every sink type.
        sinks:
          terminal:
            type: stdout
          # team-chat:
          #   type: slack                   # slack | mattermost | discord | teams | google_chat | ntfy | webhook
          #   url_env: SLACK_WEBHOOK_URL

        # Which events go where; the first matching rule wins unless it says `continue: true`.
        # A string item names rules files (globs allowed): - rules/*.yaml
        rules:
          - name: everything
            notify: [terminal]

        # timezone: UTC                     # for rules' time conditions

        # state:
        #   path: ~/.local/state/glwatch/state.db   # default: $XDG_STATE_HOME/glwatch/state.db
        #   postgres:                       # PostgreSQL instead of the SQLite file (replicas share the work)
        #     url_env: GLWATCH_DATABASE_URL # or url_file: a file holding postgres://user:password@host/db
        #     lease_period: 30s             # a killed replica's projects move to the others within this
        #     query_timeout: 30s            # an operation unanswered this long fails and is tried again
        # log:
        #   format: text                    # text | json
        #   level: info                     # trace | debug | info | notice | warning | error | critical
        # metrics:                          # /metrics, health, the status page: off unless enabled or given an address
        #   enabled: true
        #   listen: 127.0.0.1:9464
        #   unhealthy_after: 15m            # /healthz fails after this long without a successful poll
        #   auth:                           # the status page (/), its API and /metrics ask for one of these
        #     - username: ops
        #       password_env: GLWATCH_PAGE_PASSWORD   # or password_file: /path
        #     - token_file: /run/secrets/glwatch_scrape_token   # bearer; or token_env
        #   admin_token_env: GLWATCH_ADMIN_TOKEN  # lets the page retry dead deliveries; or admin_token_file: /path
        # engine:
        #   max_concurrent_polls_per_host: 4
        #   discovery_interval: 10m         # how often groups are checked for new projects
        #   poll_timeout: 10m               # a poll running longer is cancelled and counted as failed
        #   lagging_after_intervals: 5      # missed intervals before a watcher.lagging event
        #   shutdown_grace: 10s             # time for in-flight deliveries on SIGTERM
        #   feed: true                      # with a token: read its change feed, poll what it names at once
        #   sweep_interval: 10m             # with the feed: how often each project is still polled directly
        #   feed_overlap: 10s               # how late GitLab may make a push event visible (feed re-reads, baselines wait)
        #   graphql_batch_size: 20          # non-member projects' default branches per GraphQL request
        # hooks:                            # instant mode: GitLab webhooks make glwatch poll a project at once
        #   listen: 0.0.0.0:9095
        #   path: /gitlab
        #   token_env: GITLAB_HOOK_TOKEN    # the hook's secret token (required); or token_file: /path
        #   instance: gitlab.com            # whose project ids the hooks carry (default: the only instance)
        #   max_body_bytes: 4194304         # larger bodies are answered 413

        """#  // the empty line above makes the file end with a newline, so `echo "…" >> glwatch.yml` appends a line
}
