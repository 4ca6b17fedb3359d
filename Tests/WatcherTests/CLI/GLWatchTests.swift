import ArgumentParser
import Testing

@testable import GLWatchDev
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
        for command in ["status", "history", "deliveries", "replay", "test-rule", "run", "once", "demo", "migrate"] {
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

    @Test func testHelp_listsOnlyWhatUsersRun_notTheDevelopmentCommands() {
        // Given the shipped root command and the development one
        let help = GLWatch.helpMessage()
        let commands = GLWatch.configuration.subcommands.map { $0.configuration.commandName ?? "" }
        // Then glwatch offers none of the development commands, which live in glwatch-dev
        #expect(Set(commands) == [
            "demo", "run", "once", "check", "init", "schema", "status", "history", "deliveries", "replay", "test-rule",
            "hooks", "migrate", "state",
        ])
        for development in ["bench", "soak", "store-crash-writer", "engine-crash-runner"] {
            #expect(!help.contains(development), "\(development) is not in glwatch --help")
        }
        var benches: Set<String> = []
        for command in BenchCommand.configuration.subcommands {
            if let name = command.configuration.commandName { benches.insert(name) }
        }
        #expect(benches.isSuperset(of: ["client", "store", "engine", "memory", "soak", "store-crash-writer"]))
        #expect(GLWatchDev.configuration.subcommands.count == 1)
    }
}
