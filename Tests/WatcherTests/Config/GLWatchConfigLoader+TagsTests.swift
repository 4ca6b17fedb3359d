import Foundation
import Testing

@testable import Watcher

/// `tags:` on a watch target (docs/events.md, "Tags"): off by default, `true` turns on tag.created / tag.deleted.
@Suite struct GLWatchConfigLoaderTagsTests {
    let system = FakeConfigSystem()

    @Test func testTags_offByDefault_onWhenTrue() throws {
        let config = try system.load(
            """
            watch:
              - project: acme/api
              - project: acme/web
                tags: true
            """
        )

        #expect(config.watchTargets.map(\.options.tags) == [false, true])
    }

    @Test func testTags_notABoolean_isAnErrorAtItsPosition() {
        let problems = system.problems(
            """
            watch:
              - project: acme/api
                tags: sometimes
            """
        )

        #expect(problems == ["3:11: \"tags\" in watch target #1 must be true or false"])
    }

    @Test func testWarning_aTagRuleWithoutAnyTargetWithTags_isReportedAtTheRule() throws {
        let yaml = """
            watch: [{project: acme/api}]
            sinks: {out: {type: stdout}}
            rules:
              - {name: releases, events: [tag.created], notify: [out]}
              - {name: pushes, events: [commits.new], notify: [out]}
            """

        let warnings = try system.load(yaml).warnings.map(\.description)
        let withTags = try system.load(yaml.replacingOccurrences(of: "acme/api}", with: "acme/api, tags: true}"))

        #expect(
            warnings == [
                "/etc/glwatch/glwatch.yml:4:5: rule \"releases\" routes tag events, but no watch target has "
                    + "\"tags: true\""
            ]
        )
        #expect(withTags.warnings.isEmpty)
    }
}
