import Testing
import TestSupport

/// `RequiredComponent`: a test that needs a missing component is skipped outside CI and fails under CI, naming it.
@Suite struct RequiredComponentTests {
    // Invented components: the skip note of the missing one reaches CI's log, which must not read as if a real one
    // were missing there.
    let present = RequiredComponent("an invented component at hand") { nil }
    let missing = RequiredComponent("an invented missing component (RequiredComponentTests)") { "not installed" }

    @Test func testAComponentAtHand_isUsable_inAndOutOfCI() throws {
        #expect(try present.isUsable(inCI: false))
        #expect(try present.isUsable(inCI: true))
        try present.require()
    }

    @Test func testAMissingComponent_outsideCI_isSkippedNotFailed() throws {
        #expect(try missing.isUsable(inCI: false) == false)
    }

    @Test func testAMissingComponent_underCI_failsNamingItAndWhy() {
        #expect {
            _ = try missing.isUsable(inCI: true)
        } throws: { error in
            guard let missing = error as? MissingComponent else { return false }
            return missing.name == "an invented missing component (RequiredComponentTests)"
                && missing.reason == "not installed"
                && missing.description.hasPrefix(
                    "an invented missing component (RequiredComponentTests) is missing: not installed"
                )
        }
        // And code that needs it outside a trait throws the same, in or out of CI
        #expect(throws: MissingComponent.self) { try missing.require() }
    }
}
