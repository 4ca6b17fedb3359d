import ArgumentParser
import Foundation
import Notifier
import Testing

@testable import Watcher

@Suite struct CheckCommandTests {
    var system = FakeConfigSystem(
        variables: ["HOME": "/home/ada"],
        files: [
            "/srv/rules/a.yaml": "rules:\n  - {name: a, notify: [out], template: t.mustache}\n",
            "/srv/rules/t.mustache": "{{project.path}}",
        ]
    )

    func check(
        _ arguments: [String],
        _ system: FakeConfigSystem
    ) throws -> (status: Int32, output: String, errors: String) {
        let output = CapturedText()
        let errors = CapturedText()
        let status = CheckCommand.check(
            options: try CheckCommand.parse(arguments).options,
            system: system,
            output: output,
            errors: errors
        )
        return (status, output.text, errors.text)
    }

    @Test func testValidConfig_printsAOneLineSummary_andExitsZero() throws {
        var system = self.system
        system.files["/srv/glwatch.yml"] = """
            gitlab: {a: {}, b: {url: "https://git.example.com"}}
            watch: [{project: x/y, instance: a}, {group: g, instance: b}]
            sinks: {out: {type: stdout}}
            rules: [{name: main, notify: [out]}, rules/*.yaml]
            """
        let result = try check(["--config", "/srv/glwatch.yml"], system)
        #expect(result.status == 0)
        #expect(
            result.output
                == "/srv/glwatch.yml: OK — 2 GitLab instances, 2 watch targets, 1 sink, 2 rules (1 file included), "
                + "1 template\n"
        )
        #expect(result.errors.isEmpty)
    }

    @Test func testInvalidConfig_printsEveryProblemWithItsPosition_andExitsOne() throws {
        var system = self.system
        system.files["/srv/glwatch.yml"] = "watch:\n  - project: a/b\n    intervl: 1m\nlog: {level: loud}\n"
        let result = try check(["-c", "/srv/glwatch.yml"], system)
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(
            result.errors == """
                /srv/glwatch.yml:3:5: unknown key "intervl" in watch target #1 (did you mean "interval"?)
                /srv/glwatch.yml:4:14: "level" in "log" must be one of trace, debug, info, notice, warning, error, critical
                2 problems found

                """
        )
    }

    @Test func testWarnings_arePrintedButDoNotFail() throws {
        var system = self.system
        system.files["/srv/glwatch.yml"] = "sinks: {out: {type: stdout}}\n"
        let result = try check(["-c", "/srv/glwatch.yml"], system)
        #expect(result.status == 0)
        #expect(
            result.errors == """
                /srv/glwatch.yml:1:1: warning: nothing to watch: "watch" has no targets
                /srv/glwatch.yml:1:9: warning: sink "out" is not used by any rule

                """
        )
        #expect(
            result.output == "/srv/glwatch.yml: OK — 1 GitLab instance, 0 watch targets, 1 sink, 0 rules, 2 warnings\n"
        )
    }

    @Test func testMissingConfig_saysWhereItLooked_andExitsOne() throws {
        let result = try check([], system)
        #expect(result.status == 1)
        let looked = ["$GLWATCH_CONFIG (not set)", "./glwatch.yml", "/home/ada/.config/glwatch/config.yml"]
        #expect(result.errors == ConfigFileNotFound.noneFound(looked: looked).description + "\n")
    }
}
