import Testing
@Test func placeholderWatcherTests() { #expect(Bool(true)) }
