import Testing
@Test func placeholderNotifierTests() { #expect(Bool(true)) }
