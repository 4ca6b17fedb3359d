import ArgumentParser
import Foundation
import Logging
import RxCore

/// `glwatch demo`: glwatch at work in a few seconds, without a GitLab token or network.
struct DemoCommand: GLWatchCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Watch a built-in fake GitLab and see the notifications (no token or network needed).",
        discussion: """
            Starts a fake GitLab on 127.0.0.1, watches one of its projects with the real engine, state store \
            and stdout sink, then pushes commits, adds a new contributor, creates a branch and force-pushes it, \
            printing each notification under the change that caused it. Takes a few seconds:

              glwatch demo

            Its state lives in a temporary directory, removed afterwards; nothing you configured is touched.
            """
    )

    func execute(in context: CommandContext) async throws {
        let directory = NSTemporaryDirectory() + "glwatch-demo-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var logger = Logger(label: "glwatch.demo") { _ in StreamLogHandler.standardError(label: "glwatch") }
        logger.logLevel = .warning
        _ = try await DemoScenario(
            output: context.output,
            scheduler: ConcurrentDispatchQueueScheduler(qos: .userInitiated),
            stateDirectory: directory,
            logger: logger
        ).run()
    }
}
