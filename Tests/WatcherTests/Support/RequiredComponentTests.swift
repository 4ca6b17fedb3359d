import Testing
import TestSupport

/// `RequiredComponent`: a test that needs a missing component is skipped outside CI and fails under CI, naming it.
@Suite struct RequiredComponentTests {
    let present = RequiredComponent("PostgreSQL") { nil }
    let missing = RequiredComponent("headless Chromium") { "not installed" }

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
            return missing.name == "headless Chromium" && missing.reason == "not installed"
                && missing.description.hasPrefix("headless Chromium is missing: not installed")
        }
        // And code that needs it outside a trait throws the same, in or out of CI
        #expect(throws: MissingComponent.self) { try missing.require() }
    }
}
