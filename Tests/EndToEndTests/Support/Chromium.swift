import ChildProcess
import Foundation
import TestSupport

/// Headless Chromium, run as a subprocess: `--dump-dom` (the DOM after the page loaded) and `--screenshot`.
struct Chromium {
    /// The executable.
    let path: String

    /// Chromium when it is installed and starts (`$GLWATCH_CHROMIUM`, else `chromium` or `chromium-browser` in
    /// the usual places), `nil` otherwise.
    static let located: Chromium? = {
        let environment = ProcessInfo.processInfo.environment
        let candidates = [environment["GLWATCH_CHROMIUM"]].compactMap { $0 }
            + ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/local/bin/chromium"]
        for path in candidates where FileManager.default.isExecutableFile(atPath: path) {
            let chromium = Chromium(path: path)
            if let dom = try? chromium.dumpDOM("data:text/html,<p>ready</p>"), dom.contains("ready") {
                return chromium
            }
        }
        return nil
    }()

    /// Where screenshots go: `$GLWATCH_TEST_ARTIFACTS`, else `.build/test-artifacts` under the working directory.
    static var artifactsDirectory: String {
        let directory = ProcessInfo.processInfo.environment["GLWATCH_TEST_ARTIFACTS"]
            ?? FileManager.default.currentDirectoryPath + "/.build/test-artifacts"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The DOM of `url` once loaded, serialised.
    func dumpDOM(_ url: String) throws -> String {
        try run(["--dump-dom", url])
    }

    /// Saves a PNG of `url` (1280 pixels wide) to `file`.
    func screenshot(_ url: String, to file: String) throws {
        _ = try run(["--screenshot=\(file)", "--window-size=1280,1700", "--hide-scrollbars", url])
    }

    /// Runs Chromium headless with its own throw-away profile (`--no-sandbox`: CI runs as root); the test's time limit bounds it.
    private func run(_ arguments: [String]) throws -> String {
        let profile = NSTemporaryDirectory() + "glwatch-chromium-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: profile) }
        let process = try ChildProcess(
            URL(fileURLWithPath: path),
            arguments: [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                "--log-level=3", "--user-data-dir=\(profile)",
            ] + arguments,
            standardOutput: .pipe,
            standardError: .inherit  // quietened by --log-level=3
        )
        let data = process.standardOutput!.readDataToEndOfFile()
        let end = process.waitUntilExit()
        guard end == .success else {
            throw ChromiumError(description: "chromium ended with \(end): \(arguments.joined(separator: " "))")
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Chromium could not do what a test asked.
struct ChromiumError: Error, CustomStringConvertible {
    /// What went wrong.
    var description: String
}

extension RequiredComponent {
    /// Headless Chromium (`Chromium.located`): `.requires(.chromium)` on a test or suite.
    static let chromium = RequiredComponent("headless Chromium") {
        Chromium.located != nil
            ? nil : "it cannot be started (install Debian's chromium package, or set GLWATCH_CHROMIUM)"
    }
}
