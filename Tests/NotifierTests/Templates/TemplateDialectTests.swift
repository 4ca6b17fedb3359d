import Notifier
import Testing

@Suite struct TemplateDialectTests {
    @Test(arguments: [
        (TemplateDialect.plain, "a <b> & *c* \u{1B}[2J\u{7}", "a <b> & *c* \u{241B}[2J\u{2407}"),
        (.slack, "<!channel> & <https://x|y>", "&lt;!channel&gt; &amp; &lt;https://x|y&gt;"),
        (.googleChat, "<users/all> hi", "<\u{200B}users/all> hi"),
        (.markdown, "*bold* _x_ [l](u) `c` # h", "\\*bold\\* \\_x\\_ \\[l\\](u) \\`c\\` \\# h"),
        (.markdown, "@channel hi ada@example.com (@here)", "@\u{200B}channel hi ada@example.com (@\u{200B}here)"),
        (.plain, "bidi \u{202E}evil\u{202C} ok", "bidi \u{FFFD}evil\u{FFFD} ok"),
        (.plain, "line\r\nnext\rend", "line\r\nnextend"),
    ])
    func testValues_areEscapedForTheService(dialect: TemplateDialect, input: String, expected: String) {
        #expect(dialect.escape(input) == expected)
    }

    @Test func testEmojiAndCombiningCharacters_surviveEscaping() {
        for dialect in TemplateDialect.allCases {
            #expect(dialect.escape("👩‍👩‍👧‍👦 🇩🇪 e\u{301}") == "👩‍👩‍👧‍👦 🇩🇪 e\u{301}")
        }
    }
}
