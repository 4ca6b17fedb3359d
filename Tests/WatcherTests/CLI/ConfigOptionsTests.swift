import ArgumentParser
import Foundation
import Notifier
import Testing

@testable import Watcher

/// Finding the config file: `--config`, `$GLWATCH_CONFIG`, `./glwatch.yml`, then the XDG location.
@Suite struct ConfigOptionsTests {
    let base = FakeConfigSystem(variables: ["HOME": "/home/ada"])

    func path(_ arguments: [String], _ system: FakeConfigSystem) throws -> String {
        try ConfigOptions.parse(arguments).configPath(in: system)
    }

    @Test func testExplicitConfig_winsAndMustExist() throws {
        var system = base
        system.files["/srv/my.yml"] = "watch: []"
        system.files["./glwatch.yml"] = "watch: []"
        #expect(try path(["--config", "/srv/my.yml"], system) == "/srv/my.yml")
        #expect(try path(["-c", "/srv/my.yml"], system) == "/srv/my.yml")
        #expect(throws: ConfigFileNotFound.missing("/srv/other.yml", namedBy: "--config")) {
            try path(["--config", "/srv/other.yml"], system)
        }
    }

    @Test func testGLWATCH_CONFIG_mustExist() {
        var system = base
        system.variables["GLWATCH_CONFIG"] = "/gone.yml"
        system.files["./glwatch.yml"] = ""
        #expect(throws: ConfigFileNotFound.missing("/gone.yml", namedBy: "$GLWATCH_CONFIG")) { try path([], system) }
    }

    @Test func testLookupOrder() throws {
        var system = base
        system.files["/home/ada/.config/glwatch/config.yml"] = ""
        #expect(try path([], system) == "/home/ada/.config/glwatch/config.yml")
        system.variables["XDG_CONFIG_HOME"] = "/xdg"
        system.files["/xdg/glwatch/config.yml"] = ""
        #expect(try path([], system) == "/xdg/glwatch/config.yml")
        system.files["./glwatch.yml"] = ""
        #expect(try path([], system) == "./glwatch.yml")
        system.variables["GLWATCH_CONFIG"] = "/env.yml"
        system.files["/env.yml"] = ""
        #expect(try path([], system) == "/env.yml")
    }

    @Test func testNothingFound_listsEveryPlace() {
        let looked = ["$GLWATCH_CONFIG (not set)", "./glwatch.yml", "/home/ada/.config/glwatch/config.yml"]
        #expect(throws: ConfigFileNotFound.noneFound(looked: looked)) {
            try path([], base)
        }
        #expect(
            ConfigFileNotFound.noneFound(looked: ["$GLWATCH_CONFIG (not set)", "./glwatch.yml"]).description == """
                no config file found; looked at:
                  $GLWATCH_CONFIG (not set)
                  ./glwatch.yml
                Run `glwatch init` to write a starter ./glwatch.yml, or pass --config FILE.
                """
        )
        #expect(
            ConfigFileNotFound.missing("/x.yml", namedBy: "$GLWATCH_CONFIG").description
                == "config file /x.yml (named by $GLWATCH_CONFIG) does not exist; run `glwatch init /x.yml` to write a "
                + "starter config"
        )
    }

    @Test func testLoad_readsTheFoundFile_relativeToItsDirectory() throws {
        var system = base
        system.files["/srv/glwatch/glwatch.yml"] = "state: {path: state.db}\n"
        let config = try ConfigOptions.parse(["--config", "/srv/glwatch/glwatch.yml"]).load(in: system)
        #expect(config.file == "/srv/glwatch/glwatch.yml")
        #expect(config.state.path == "/srv/glwatch/state.db")
    }
}
