import Foundation
import Testing

@testable import Watcher

/// The change feed's settings under `engine:` (docs/instant-mode.md, "The change feed").
@Suite struct GLWatchConfigLoaderFeedTests {
    let system = FakeConfigSystem(variables: ["GITLAB_TOKEN": "glpat-SECRETVALUE123"])

    @Test func testFeed_readsEveryInstanceWithATokenByDefault() throws {
        let config = try system.load(
            """
            gitlab:
              work: {url: https://git.example.com, token_env: GITLAB_TOKEN}
              public: {url: https://gitlab.com}
            watch: [{project: a/b, instance: work}]
            """
        )

        #expect(config.engine.configuration.feed == FeedConfiguration(instances: ["work"]))
    }

    @Test func testFeed_falseTurnsItOff_andNoTokenMeansNoFeed() throws {
        let off = try system.load(
            "gitlab: {work: {token_env: GITLAB_TOKEN}}\nwatch: [a/b]\nengine: {feed: false}\n"
        )
        let anonymous = try system.load("watch: [a/b]\n")

        #expect(off.engine.configuration.feed == nil)
        #expect(anonymous.engine.configuration.feed == nil)
    }

    @Test func testFeed_badValuesAreReportedAtTheirPosition() {
        let problems = system.problems(
            """
            gitlab: {work: {token_env: GITLAB_TOKEN}}
            watch: [a/b]
            engine:
              feed: sometimes
              sweep_interval: soon
              graphql_batch_size: 51
            """
        )

        #expect(
            problems == [
                "4:9: \"feed\" in \"engine\" must be true or false",
                "5:19: invalid duration \"soon\" for \"sweep_interval\" in \"engine\" (write e.g. 30s, 10m or 1h30m)",
                "6:23: \"graphql_batch_size\" in \"engine\" must be at most 50 (GitLab's limit)",
            ]
        )
    }
}
