import Foundation
import Notifier
import Testing

@Suite struct MessageTemplateTests {
    @Test func testBuiltInTemplates_renderEveryEventTypeInEveryDialect() {
        let events = SampleEvents.all(at: Fixtures.date(1_700_000_000))
        for dialect in TemplateDialect.allCases {
            let template = MessageTemplate.builtIn(dialect)
            for event in events {
                let text = template.render([event], dialect: dialect)
                let firstLine = text.split(separator: "\n").first.map(String.init) ?? ""
                #expect(!firstLine.isEmpty, "\(dialect) \(event.type)")
                // An instance-wide event (instance.*, token.*) names the instance, the others the project.
                let subject = event.project.id == 0 ? event.project.instance : "sample"
                #expect(text.contains(subject), "\(dialect) \(event.type) does not name its subject")
            }
        }
    }

    @Test func testPlainCommitsTemplate_readsWell() {
        let event = Fixtures.push([
            Fixtures.commit(1, message: "Fix the parser"), Fixtures.commit(2, message: "Add tests"),
        ])
        #expect(
            MessageTemplate.builtIn(.plain).render([event], dialect: .plain) == """
                2 new commits on main in acme/platform/api
                  - 01010101 Fix the parser (Ada Lovelace)
                  - 02020202 Add tests (Ada Lovelace)
                https://gitlab.com/acme/platform/api/-/compare/0000000000000000000000000000000000000000...\
                0202020202020202020202020202020202020202

                """
        )
    }

    @Test func testSlackCommitsTemplate_linksAndEscapes() {
        let event = Fixtures.push([Fixtures.commit(1, message: "Use <T> & friends")])
        #expect(
            MessageTemplate.builtIn(.slack).render([event], dialect: .slack) == """
                *1 new commit* on <https://gitlab.com/acme/platform/api/-/tree/main|`main`> in \
                <https://gitlab.com/acme/platform/api|acme/platform/api>
                • <https://gitlab.com/acme/platform/api/-/commit/0101010101010101010101010101010101010101|`01010101`> \
                Use &lt;T&gt; &amp; friends (Ada Lovelace)

                """
        )
    }

    @Test func testLongPushes_showAPreviewAndCountTheRest() {
        let event = Fixtures.push((1...25).map { Fixtures.commit($0) })
        let text = MessageTemplate.builtIn(.markdown).render([event], dialect: .markdown)
        #expect(text.hasPrefix("**25 new commits** on"))
        #expect(text.components(separatedBy: "\n- [`").count - 1 == 10)
        #expect(text.contains("- … and 15 more"))
    }

    @Test func testDigest_listsEachEvent() {
        let first = Fixtures.push([Fixtures.commit(1, message: "One")], at: 10)
        let second = Fixtures.push([Fixtures.commit(2, message: "Two")], at: 20)
        let deleted = WatchEvent.branchDeleted(
            project: Fixtures.project,
            branch: "old",
            lastHead: Fixtures.sha(1),
            at: Fixtures.date(30)
        )
        let text = MessageTemplate.builtIn(.plain).render([first, second, deleted], dialect: .plain)
        #expect(
            text == """
                3 events in acme/platform/api
                  - 1 new commit on main in acme/platform/api
                    - 01010101 One (Ada Lovelace)
                  - 1 new commit on main in acme/platform/api
                    - 02020202 Two (Ada Lovelace)
                  - Branch old deleted in acme/platform/api

                """
        )
    }

    @Test func testUserTemplates_seeTheDocumentedValues() throws {
        let template = try MessageTemplate(
            name: "t.mustache",
            source: """
                {{type}} {{project.path}}@{{branch}} {{total_commits}}{{#is.commits_new}} new{{/is.commits_new}}
                {{#commits}}{{short_id}} {{author_email}} {{#is_merge}}merge{{/is_merge}}{{^is_merge}}plain{{/is_merge}}
                {{#trailers}}{{key}}={{value}};{{/trailers}}{{/commits}}
                """
        )
        let event = Fixtures.push([Fixtures.commit(7, trailers: ["Reviewed-by": ["Bo"]])])
        #expect(
            template.render([event], dialect: .plain) == """
                commits.new acme/platform/api@main 1 new
                07070707 ada@example.com plain
                Reviewed-by=Bo;
                """
        )
    }

    @Test func testTemplateSyntaxErrors_nameFileLineAndColumn() {
        #expect {
            try MessageTemplate(name: "templates/x.mustache", source: "{{#commits}}\n{{title}\n{{/commits}}")
        } throws: { error in
            (error as? ConfigError)?.description == "templates/x.mustache:2:8: template error: unfinished tag"
        }
        #expect {
            try MessageTemplate(name: "first-line.mustache", source: "Hi {{/nothing}}")
        } throws: { error in
            (error as? ConfigError)?.diagnostics.first?.line == 1
                && (error as? ConfigError)?.diagnostics.first.map { $0.column <= 16 } == true
        }
    }
}
