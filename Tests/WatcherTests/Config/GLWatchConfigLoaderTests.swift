import Foundation
import Logging
import Notifier
import Testing

@testable import Watcher

@Suite struct GLWatchConfigLoaderTests {
    let system = FakeConfigSystem(
        variables: [
            "HOME": "/home/ada", "GITLAB_TOKEN": "glpat-SECRETVALUE123",
            "SLACK_URL": "https://hooks.slack.com/services/T/B/SECRET",
        ],
        files: ["/run/secrets/gitlab": "glpat-FROMFILE\n"]
    )

    // MARK: Defaults

    @Test func testMinimalConfig_getsEveryDefault() throws {
        let config = try system.load("watch:\n  - project: acme/api\n")
        #expect(config.instances.map(\.name) == ["gitlab.com"])
        #expect(config.instances[0].url.absoluteString == "https://gitlab.com")
        #expect(config.instances[0].auth.description == "no authentication")
        #expect(config.instances[0].requestsPerMinute == 600)
        #expect(config.instances[0].burst == 20)
        #expect(config.instances[0].requestTimeout == 30)
        #expect(config.instances[0].caFile == nil)
        #expect(
            config.watchTargets == [
                WatchTarget(
                    instance: "gitlab.com",
                    scope: .project(.path("acme/api")),
                    options: PollOptions(),
                    cadence: Cadence(base: 60)
                )
            ]
        )
        #expect(config.watchTargets[0].cadence.ceiling == 600)
        #expect(config.state.path == "/home/ada/.local/state/glwatch/state.db")
        #expect(config.log == LogConfig(format: .text, level: .info))
        #expect(config.metrics == MetricsConfig(enabled: false, host: "127.0.0.1", port: 9464))
        #expect(
            config.engine
                == EngineConfig(
                    configuration: EngineConfiguration(eventLateness: EngineConfiguration.defaultEventLateness),
                    shutdownGrace: 10
                )
        )
        #expect(config.engine.configuration.maxConcurrentPollsPerHost == 4)
        #expect(config.engine.configuration.discoveryInterval == 600)
        // No sinks and no rules: every event goes to stdout.
        #expect(config.notifier.sinks.map(\.name) == ["stdout"])
        #expect(config.notifier.rules.rules.map(\.name) == ["everything"])
    }

    @Test func testABareWatchItem_isAProject() throws {
        let config = try system.load("watch:\n  - acme/api\n  - 42\n  - group: acme\n")
        #expect(
            config.watchTargets.map(\.scope) == [.project(.path("acme/api")), .project(.id(42)), .group(.path("acme"))]
        )
        #expect(
            system.problems("watch:\n  - acme//api\n  - [x]\n") == [
                "2:5: \"project\" in watch target #1 must be an id or a full path like \"acme/platform/api\"",
                "3:5: watch target #2 must be a mapping (key: value)",
            ]
        )
    }

    @Test func testAnInstanceWithoutSettings_isGitlabComUnauthenticated() throws {
        let config = try system.load("gitlab:\n  public:\nwatch:\n  - {project: a/b, instance: public}\n")
        #expect(config.instances.map(\.description) == ["public (https://gitlab.com, no authentication)"])
        #expect(try system.load("watch: [{project: a/b, instance: gitlab.com}]").watchTargets[0].instance == "gitlab.com")
        #expect(system.problems("gitlab: {}") == ["1:9: \"gitlab\" needs at least one instance"])
    }

    @Test func testStatePath_followsXDGStateHome() throws {
        var system = self.system
        system.variables["XDG_STATE_HOME"] = "/var/lib/me"
        #expect(try system.load("watch: []").state.path == "/var/lib/me/glwatch/state.db")
    }

    @Test func testStatePath_relativeToTheConfigFile_andTildeToHome() throws {
        #expect(try system.load("state: {path: data/state.db}").state.path == "/etc/glwatch/data/state.db")
        #expect(try system.load("state: {path: ~/glw.db}").state.path == "/home/ada/glw.db")
        #expect(try system.load("state: {path: /srv/glw.db}").state.path == "/srv/glw.db")
    }

    // MARK: Every section, fully written

    @Test func testFullConfig_resolvesEveryOption() throws {
        var system = self.system
        system.files["/etc/glwatch/ca.pem"] = "-----BEGIN CERTIFICATE-----"
        let config = try system.load(
            """
            gitlab:
              work:
                url: https://git.example.com/gitlab/
                token_env: GITLAB_TOKEN
                auth: bearer
                requests_per_minute: 120
                burst: 5
                ca_file: ca.pem
                timeout: 45s
              public:
                url: https://gitlab.com
            aliases:
              ada@example.com: ada@old.example.com
            watch:
              - project: 42
                instance: work
                branches: [main, "release/*"]
                interval: 30s
                max_interval: 15m
                initial: {notify_last: 3}
                report_per_branch: true
                max_commits_per_push: 200
                large_push_ends: 20
                unreachable_after: 5
                aliases:
                  bob@example.com: [Bob@Home.example, bob@gmail.example]
              - group: acme/platform
                instance: public
                include_subgroups: false
                include_archived: true
                branches: all
              - membership: true
                instance: work
            log: {format: json, level: debug}
            metrics: {listen: "[::1]:9100", unhealthy_after: 20m}
            engine:
              max_concurrent_polls_per_host: 2
              discovery_interval: 1h
              poll_timeout: 2m
              lagging_after_intervals: 7
              shutdown_grace: 30s
              sweep_interval: 30m
              feed_overlap: 1m
              graphql_batch_size: 10
            """
        )
        let work = try #require(config.instance(named: "work"))
        #expect(work.url.absoluteString == "https://git.example.com/gitlab")
        #expect(work.auth.description == "bearer token")
        #expect(work.tokenSource == "env GITLAB_TOKEN")
        #expect(work.caFile == "/etc/glwatch/ca.pem")
        #expect(work.transportConfiguration.additionalTrustRootsPEMFile == "/etc/glwatch/ca.pem")
        let client = work.clientConfiguration(userAgent: "glwatch/test")
        #expect(client.requestTimeout == .seconds(45))
        #expect(client.pace == GitLabRateLimiter.Pace(requestsPerMinute: 120, burst: 5))
        guard case .bearer(let token) = work.auth else {
            Issue.record("expected a bearer token")
            return
        }
        #expect(token.exposedValue == "glpat-SECRETVALUE123")

        var options = PollOptions()
        options.branches = .matching([try Glob("main"), try Glob("release/*")])
        options.initialNotifyLast = 3
        options.reportPerBranch = true
        options.maxCommitsPerPush = 200
        options.keepCommitEnds = 20
        options.unreachableAfter = 5
        options.aliases = [
            "ada@old.example.com": "ada@example.com",
            "bob@home.example": "bob@example.com",
            "bob@gmail.example": "bob@example.com",
        ]
        var groupOptions = PollOptions()
        groupOptions.branches = .all
        groupOptions.aliases = ["ada@old.example.com": "ada@example.com"]
        var membershipOptions = PollOptions()
        membershipOptions.aliases = groupOptions.aliases
        #expect(
            config.watchTargets == [
                WatchTarget(
                    instance: "work",
                    scope: .project(.id(42)),
                    options: options,
                    cadence: Cadence(base: 30, ceiling: 900)
                ),
                WatchTarget(
                    instance: "public",
                    scope: .group(.path("acme/platform"), includeSubgroups: false, includeArchived: true),
                    options: groupOptions,
                    cadence: Cadence(base: 60)
                ),
                WatchTarget(
                    instance: "work",
                    scope: .membership(includeArchived: false),
                    options: membershipOptions,
                    cadence: Cadence(base: 60)
                ),
            ]
        )
        #expect(config.log == LogConfig(format: .json, level: .debug))
        #expect(config.metrics == MetricsConfig(enabled: true, host: "::1", port: 9100, unhealthyAfter: 1200))
        #expect(config.metrics.listen == "[::1]:9100")
        #expect(
            config.engine
                == EngineConfig(
                    configuration: EngineConfiguration(
                        maxConcurrentPollsPerHost: 2,
                        discoveryInterval: 3600,
                        laggingAfterIntervals: 7,
                        pollTimeout: 120,
                        eventLateness: 60,
                        feed: FeedConfiguration(
                            instances: ["work"], sweepInterval: 1800, overlap: 60, graphQLBatchSize: 10
                        )
                    ),
                    shutdownGrace: 30
                )
        )
    }

    @Test func testTokenFile_isReadTrimmedAndSentAsPrivateToken() throws {
        let config = try system.load("gitlab:\n  main:\n    token_file: /run/secrets/gitlab\n")
        guard case .privateToken(let token) = config.instances[0].auth else {
            Issue.record("expected a private token")
            return
        }
        #expect(token.exposedValue == "glpat-FROMFILE")
        #expect(config.instances[0].tokenSource == "file /run/secrets/gitlab")
    }

    @Test func testJobToken() throws {
        let config = try system.load("gitlab:\n  ci:\n    token_env: GITLAB_TOKEN\n    auth: job\n")
        #expect(config.instances[0].auth.description == "CI job token")
    }

    @Test func testWarnings_forUnusedSinks_andNothingToWatch() throws {
        var system = self.system
        system.files["/etc/glwatch/more.yaml"] = "sinks:\n  spare: {type: stdout}\n"
        let config = try system.load(
            """
            sinks:
              used: {type: stdout}
              idle: {type: stdout, format: json}
            rules:
              - {name: all, notify: [used]}
              - more.yaml
            """
        )
        #expect(
            config.warnings.map(\.description) == [
                "/etc/glwatch/glwatch.yml:1:1: nothing to watch: \"watch\" has no targets",
                "/etc/glwatch/glwatch.yml:3:3: sink \"idle\" is not used by any rule",
                "/etc/glwatch/more.yaml:2:3: sink \"spare\" is not used by any rule",
            ]
        )
        #expect(try system.load("watch: [{project: a/b}]").warnings.isEmpty)
    }

    @Test func testMetricsEnabled_withoutListen_usesTheDefaultAddress() throws {
        #expect(try system.load("metrics: {enabled: true}").metrics == MetricsConfig(enabled: true))
        #expect(try system.load("metrics: {listen: ':9464', enabled: false}").metrics.enabled == false)
    }
}

/// YAML anchors, merge keys and `x-` extension keys, for settings shared between targets.
@Suite struct YAMLMergeKeysTests {
    let system = FakeConfigSystem(variables: ["HOME": "/home/ada", "EVERY": "2m"])

    @Test func testMergeKeys_shareSettings_writtenKeysWin() throws {
        let config = try system.load(
            """
            x-defaults: &defaults
              interval: ${EVERY}
              branches: all
            x-slow: &slow
              interval: 1h
              max_interval: 2h
            watch:
              - <<: *defaults
                project: a/b
              - <<: [*slow, *defaults]
                project: c/d
              - <<: *defaults
                project: e/f
                branches: [main]
            """
        )
        #expect(config.watchTargets.map(\.cadence.base) == [120, 3600, 120])
        #expect(config.watchTargets.map(\.cadence.ceiling) == [1200, 7200, 1200])
        #expect(
            config.watchTargets.map(\.options.branches) == [.all, .all, .matching([try Glob("main")])]
        )
    }

    @Test func testMergingSomethingElse_isAnError() {
        #expect(
            system.problems("watch:\n  - <<: 3\n    project: a/b\n")
                == ["2:9: \"<<\" must merge a mapping or a list of mappings (<<: *name)"]
        )
    }

    @Test func testOnlyXKeys_areFreeAtTheTop() {
        #expect(system.problems("x-anything: 1\ny-thing: 2\n") == ["2:1: unknown key \"y-thing\" in the config file"])
    }
}
