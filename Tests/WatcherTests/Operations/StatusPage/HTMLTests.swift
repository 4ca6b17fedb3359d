import Testing

@testable import Watcher

@Suite("HTML: escaping and links")
struct HTMLTests {
    @Test func testEscape_replacesEveryMarkupCharacter() {
        #expect(HTML.escape("<img src=x onerror=alert(1)>") == "&lt;img src=x onerror=alert(1)&gt;")
        #expect(HTML.escape("a & \"b\" 'c'") == "a &amp; &quot;b&quot; &#39;c&#39;")
        #expect(HTML.escape("&lt;") == "&amp;lt;")
        #expect(HTML.escape("Ünïcødé ✓") == "Ünïcødé ✓")
    }

    @Test func testQuery_percentEncodesAndDropsEmptyValues() {
        #expect(HTML.query([("q", "a b&c=<d>"), ("sort", nil), ("type", "")]) == "?q=a%20b%26c%3D%3Cd%3E")
        #expect(HTML.query([]) == "")
    }
}
