import Testing

@testable import GLWatchDev

/// The soak's report: a failed run prints what the script did to each project with a finding.
@Suite("SoakReport")
struct SoakReportTests {
    @Test func testFailedRun_printsTheScriptsChangesToTheProjectsWithFindings_only() {
        // Given a run that lost a branch creation in soak/p5, with changes to soak/p5, soak/p50 and soak/p6
        var report = SoakReport(seed: 7, options: .short(seed: 7))
        report.verdict.lost = ["1 of 1 branch.created for soak/p5@feature/4"]
        report.verdict.unexpected = ["commit eeeeeeeeeeee announced in soak/p5, never pushed after the start"]
        report.changeLog = [
            "1.2 s: create soak/p5@feature/4 from main",
            "1.5 s: push 2 to soak/p50@main (src/) by ann@soak.example",
            "2.0 s: push 1 to soak/p6@main (docs/) by bob@soak.example",
            "2.5 s: glwatch killed",
            "3.1 s: push 1 to soak/p5@feature/4 (src/) by ann@soak.example (glwatch down)",
        ]

        // When it is rendered
        let text = report.rendered(replay: "glwatch-dev bench soak --short --seed 7")

        // Then soak/p5's changes are listed with the kill, and no other project's
        #expect(text.contains("the script's changes to soak/p5 (3):\n  1.2 s: create soak/p5@feature/4 from main\n"))
        #expect(text.contains("\n  2.5 s: glwatch killed\n"))
        #expect(text.contains("3.1 s: push 1 to soak/p5@feature/4 (src/) by ann@soak.example (glwatch down)"))
        #expect(!text.contains("changes to soak/p5,"))
        #expect(!text.contains("soak/p50@main"))
        #expect(!text.contains("soak/p6@main"))
    }
}
