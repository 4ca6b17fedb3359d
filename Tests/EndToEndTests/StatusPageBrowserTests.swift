import FakeGitLab
import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The status page in a real browser: headless Chromium loads it from a running `glwatch run` watching FakeGitLab
/// after pushes were announced, and the rendered DOM must show the projects and events, with a hostile commit title
/// as text. The screenshot is kept in `$GLWATCH_TEST_ARTIFACTS` (default `.build/test-artifacts`) for CI.
@Suite("The status page in headless Chromium")
struct StatusPageBrowserTests {
    static let hostileTitle = "<img src=x onerror=alert(1)>"

    @Test(
        .timeLimit(.minutes(3)),
        .requires(.chromium)
    )
    func testRun_statusPage_rendersProjectsAndEvents_hostileTitleAsText() async throws {
        // Given glwatch run watching three projects on FakeGitLab, with the page on
        let chromium = try #require(Chromium.located)
        let world = try await WatchWorld()
        for path in ["acme/web", "acme/docs"] {
            world.fake.addProject(path, visibility: .public)
                .generateHistory(commits: 3, authors: [WatchWorld.ada], mergeEvery: nil)
        }
        try world.writeConfig(projects: ["acme/api", "acme/web", "acme/docs"], extra: "metrics:\n  listen: 127.0.0.1:0")
        let run = try world.glwatch(["run"])
        defer { run.terminate() }
        let serving = try await run.waitForLine(containing: "the status page", in: .stderr)
        let port = try #require(
            serving.split(separator: "listen=127.0.0.1:").last.flatMap { Int($0.prefix { $0.isNumber }) }
        )
        try await run.waitForLine(containing: "first cycle done", in: .stderr)

        // When pushes are announced, one of them titled with markup
        world.project.commit(Self.hostileTitle, by: WatchWorld.ada)
        world.project.commit("Fix the release notes", by: WatchWorld.ada)
        try await run.waitForLine(containing: "Fix the release notes", timeout: .seconds(60))
        try await run.waitForLine(containing: "onerror=alert(1)", timeout: .seconds(60))

        // Then Chromium renders the projects and events, the title as text and no <img> element from it
        let url = "http://127.0.0.1:\(port)/"
        let dom = try chromium.dumpDOM(url)
        #expect(dom.contains("acme/api"))
        #expect(dom.contains("acme/web"))
        #expect(dom.contains("acme/docs"))
        #expect(dom.contains("commits.new"))
        #expect(dom.contains("&lt;img src=x onerror=alert(1)&gt;"), "the hostile title is shown as text")
        #expect(!dom.contains("<img"), "no element was made from the hostile title")
        #expect(dom.contains("<svg class=\"chart\""))
        // with what only the running watcher knows: its GitLab instance, what woke each poll, the sinks' breakers
        #expect(dom.contains("GitLab instances"))
        #expect(dom.contains("<th>Woken by</th>"))
        #expect(dom.contains("<th>Circuit breaker</th>"))

        // And when a request to GitLab fails with a long message (a ref list, a merge base: GitLab's messages can
        // run long), the instances table keeps its shape: the error is cut, the whole of it one click away
        let refs = (1...8).map { String(repeating: "\($0)", count: 40) }
        let long = "Could not find refs: " + refs.joined(separator: ", ")
        // (every project events read fails while it waits: each second's poll reads them, and a 400 there is an
        // error, where a 400 on some other reads is an answer — a range whose branch went away)
        let answer = FakeFault.Kind.status(400, body: #"{"message":"\#(long)"}"#)
        world.fake.inject(FakeFault(answer, on: .pathContaining("/events"), times: nil))
        var shown = ""
        for _ in 0..<60 where !shown.contains("<details class=\"problem\">") {
            try await Task.sleep(for: .seconds(1))
            shown = try chromium.dumpDOM(url)
        }
        world.fake.clearFaults()
        #expect(shown.contains("<details class=\"problem\"><summary>"), "\(shown)")
        #expect(shown.contains(refs[7] + "</details>"), "the whole error is there, behind the summary")
        #expect(shown.contains("<table class=\"instances\">"))

        // and a screenshot, with that error, is kept for CI
        let screenshot = Chromium.artifactsDirectory + "/status-page.png"
        try chromium.screenshot(url, to: screenshot)
        let png = try Data(contentsOf: URL(fileURLWithPath: screenshot))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(png.count > 10_000)
        run.send(SIGTERM)
        #expect(try await run.waitForExit() == 0)
    }
}
