import Foundation
import Notifier
import Testing

@Suite struct RetryAfterTests {
    @Test func testSeconds() {
        #expect(RetryAfter(headerValue: "120") == .seconds(120))
        #expect(RetryAfter(headerValue: " 1.5 ") == .seconds(1.5))
        #expect(RetryAfter(headerValue: "120")?.delay(from: Fixtures.date(0)) == 120)
    }

    @Test func testHTTPDate_isAWaitUntilThatTime() throws {
        let value = try #require(RetryAfter(headerValue: "Wed, 21 Oct 2015 07:28:00 GMT"))
        #expect(value == .date(Fixtures.date(1_445_412_480)))
        #expect(value.delay(from: Fixtures.date(1_445_412_480 - 90)) == 90)
        #expect(value.delay(from: Fixtures.date(1_445_412_480 + 90)) == 0)
    }

    @Test(arguments: ["", "soon", "-5", "Wed, 99 Foo 2015"])
    func testGarbage_isIgnored(value: String) {
        #expect(RetryAfter(headerValue: value) == nil)
    }
}
