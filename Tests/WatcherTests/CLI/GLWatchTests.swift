import ArgumentParser
import Testing

@testable import Watcher

@Suite("glwatch (root command)")
struct GLWatchTests {
    @Test func testCompletionScript_bash_completesSubcommandsAndEventTypes() {
        let script = GLWatch.completionScript(for: .bash)

        for command in ["status", "history", "deliveries", "replay", "test-rule"] {
            #expect(script.contains(command))
        }
        #expect(script.contains("branch.force_pushed"))  // --type values
    }

    @Test func testHelp_everyCommand_explainsWithAnExample() {
        for command in ["status", "history", "deliveries", "replay", "test-rule", "run", "once", "demo"] {
            let help = GLWatch.helpMessage(
                for: try! #require(
                    GLWatch.configuration.subcommands.first {
                        $0.configuration.commandName == command
                    }
                )
            )
            #expect(help.contains("glwatch \(command)"), "\(command)'s help shows an example")
        }
    }
}
