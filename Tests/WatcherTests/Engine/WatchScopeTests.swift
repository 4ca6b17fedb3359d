import Testing

@testable import Watcher

/// How logs, reports and stored watch starts name a target's scope.
@Suite struct WatchScopeTests {
    @Test func testDescription_namesTheKindOnce() {
        #expect(WatchScope.group(.path("acme/backend")).description == "group acme/backend")
        #expect(WatchScope.project(.id(42)).description == "project 42")
        #expect(WatchScope.membership().description == "membership")
    }

    @Test func testDepartureName_isHowProjectRemovedReasonsSayIt() {
        #expect(WatchScope.group(.path("acme")).departureName == "group acme")
        #expect(WatchScope.membership().departureName == "the token's memberships")
    }
}
