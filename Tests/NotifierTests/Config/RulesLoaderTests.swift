import Foundation
import Notifier
import Testing

@Suite struct RulesLoaderTests {
    static let loader = RulesLoader(
        sinkNames: ["chat", "audit"],
        environment: FakeEnvironment(files: [
            "templates/bad.mustache": "Title\n{{#commits}}\n  {{title}}\n{{/commit}}\n",
            "templates/good.mustache": "{{summary}}\n",
        ])
    )

    static func errors(_ yaml: String, loader: RulesLoader = loader) -> [String] {
        do {
            _ = try loader.load(yaml: yaml, file: "rules.yaml")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func testValidRules_load() throws {
        let rules = try Self.loader.load(
            yaml: """
                timezone: Europe/Berlin
                rules:
                  - name: main
                    events: [commits.new, "branch.*"]
                    project: "acme/**"
                    branch: [main, { regex: "^release/" }]
                    author: { email: "*@ACME.com" }
                    not_author: "*\\\\[bot\\\\]*"
                    min_commits: 1
                    time: { weekdays: [mon-fri], hours: "09:00-18:00" }
                    notify: [chat]
                    template: templates/good.mustache
                    continue: true
                  - name: bots
                    drop: true
                  - name: digest
                    group_window: 1h30m
                    notify: audit
                """,
            file: "rules.yaml"
        )
        #expect(rules.rules.map(\.name) == ["main", "bots", "digest"])
        let main = rules.rules[0]
        #expect(main.conditions.eventTypes == [.commitsNew, .branchCreated, .branchDeleted, .branchForcePushed])
        #expect(main.conditions.window?.timeZone.identifier == "Europe/Berlin")
        #expect(main.conditions.window?.weekdays == [2, 3, 4, 5, 6])
        #expect(main.continueMatching)
        #expect(main.location == "rules.yaml:3:5")
        #expect(main.action == .notify(Rule.Notify(sinks: ["chat"], template: "templates/good.mustache")))
        #expect(rules.templates.keys.sorted() == ["templates/good.mustache"])
        #expect(rules.rules[1].action == .drop)
        #expect(rules.rules[2].action == .notify(Rule.Notify(sinks: ["audit"], groupWindow: 5_400)))
        // E-mail globs ignore case.
        #expect(main.conditions.commit.author?.matches(Person(name: "x", email: "ada@acme.com")) == true)
    }

    @Test func testEveryProblem_isReportedWithItsPosition() {
        #expect(
            Self.errors(
                """
                rules:
                  - name: main-pushes
                    events: [commit.new]
                    brnach: main
                    notify: [chatt]
                  - name: bad-patterns
                    branch: "feature/[abc"
                    message: "(unclosed"
                    notify: [chat]
                    group_window: 10x
                  - name: bots
                    author: "*[bot]*"
                    drop: true
                    continue: true
                """
            ) == [
                "rules.yaml:3:14: unknown event type \"commit.new\" in rule \"main-pushes\" (did you mean \"commits.new\"?)",
                "rules.yaml:4:5: unknown key \"brnach\" in rule \"main-pushes\" (did you mean \"branch\"?)",
                "rules.yaml:5:14: undefined sink \"chatt\" used in rule \"main-pushes\" (did you mean \"chat\"?)",
                "rules.yaml:7:13: invalid glob \"feature/[abc\" for \"branch\" in rule \"bad-patterns\": unclosed \"[\"",
                "rules.yaml:8:14: invalid regex \"(unclosed\" for \"message\" in rule \"bad-patterns\": expected ')'",
                "rules.yaml:10:19: invalid duration \"10x\" for \"group_window\" in rule \"bad-patterns\" "
                    + "(write e.g. 30s, 10m or 1h30m)",
                "rules.yaml:14:5: \"continue\" in rule \"bots\" has no effect with \"drop: true\"",
            ]
        )
    }

    @Test func testStructuralProblems_areReportedWithTheirPositions() {
        #expect(
            Self.errors(
                """
                rules:
                  - events: [commits.new]
                    notify: [chat]
                  - name: twice
                    notify: [chat]
                  - name: twice
                    notify: [chat]
                  - name: nothing-to-do
                    branch: main
                  - just a string
                timezon: UTC
                """
            ) == [
                "rules.yaml:2:5: rule #1 is missing \"name\"",
                "rules.yaml:6:5: duplicate rule name \"twice\" (first used at line 4)",
                "rules.yaml:8:5: rule \"nothing-to-do\" needs \"notify\" (a list of sinks) or \"drop: true\"",
                "rules.yaml:10:5: rule #5 must be a mapping (key: value)",
                "rules.yaml:11:1: unknown key \"timezon\" in the rules file (did you mean \"timezone\"?)",
            ]
        )
    }

    @Test func testConditionValues_areChecked() {
        #expect(
            Self.errors(
                """
                rules:
                  - name: values
                    time: { weekdays: [mon-fry], hours: "9-17", timezone: Mars/Olympus }
                    commit_match: most
                    min_commits: 5
                    max_commits: 2
                    merge: sometimes
                    author: { login: ada }
                    notify: [chat]
                """
            ) == [
                "rules.yaml:3:24: unknown weekday \"mon-fry\" for \"weekdays\" in \"time\" in rule \"values\" (use mon, tue, "
                    + "wed, thu, fri, sat, sun or a range like mon-fri)",
                "rules.yaml:3:41: invalid hours \"9-17\" for \"hours\" in \"time\" in rule \"values\" (write e.g. \"09:00-18:00\")",
                "rules.yaml:3:59: unknown time zone \"Mars/Olympus\" for \"timezone\" in \"time\" in rule \"values\" (use an "
                    + "IANA name such as Europe/Berlin or UTC)",
                "rules.yaml:4:19: \"commit_match\" in rule \"values\" must be \"any\" or \"all\"",
                "rules.yaml:6:18: \"min_commits\" (5) is more than \"max_commits\" (2) in rule \"values\"",
                "rules.yaml:7:12: \"merge\" in rule \"values\" must be true or false",
                "rules.yaml:8:15: unknown key \"login\" in \"author\" in rule \"values\"",
            ]
        )
    }

    @Test func testTemplateErrors_nameTheTemplateFileAndLine() {
        #expect(
            Self.errors(
                """
                rules:
                  - name: broken
                    notify: [chat]
                    template: templates/bad.mustache
                  - name: missing
                    notify: [chat]
                    template: templates/none.mustache
                """
            ) == [
                "rules.yaml:7:15: cannot read template \"templates/none.mustache\" for rule \"missing\"",
                "templates/bad.mustache:4:4: template error: a section is closed with a different name than it was opened with",
            ]
        )
    }

    @Test func testYAMLSyntaxErrors_haveAPosition() {
        #expect(
            Self.errors("rules:\n  - name: x\n    notify: [chat\n") == [
                "rules.yaml:4:1: invalid YAML: did not find expected ',' or ']'"
            ]
        )
        #expect(
            Self.errors("rules:\n  - name: x\n    name: y\n") == [
                "rules.yaml:2:5: duplicate key \"name\""
            ]
        )
    }

    @Test func testAFileThatFailsToLoad_returnsNothing() {
        // Loading is all-or-nothing: one bad rule among good ones yields an error, never a partial set.
        #expect(throws: ConfigError.self) {
            try Self.loader.load(
                yaml: """
                    rules:
                      - name: good
                        notify: [chat]
                      - name: bad
                        notify: [nope]
                    """,
                file: "rules.yaml"
            )
        }
    }
}
