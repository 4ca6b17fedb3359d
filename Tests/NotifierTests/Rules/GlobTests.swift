import Notifier
import Testing

@Suite struct GlobTests {
    @Test(arguments: [
        ("main", "main", true),
        ("main", "mainline", false),
        ("release/*", "release/1.2", true),
        ("release/*", "release/1/2", false),
        ("release/**", "release/1/2", true),
        ("acme/**", "acme/platform/api", true),
        ("acme/**", "other/api", false),
        ("**/*.md", "README.md", true),
        ("**/*.md", "docs/guide/intro.md", true),
        ("docs/**/*.md", "docs/intro.md", true),
        ("docs/**/*.md", "docs/a/b/intro.md", true),
        ("docs/**/*.md", "src/intro.md", false),
        ("feature-?", "feature-a", true),
        ("feature-?", "feature-ab", false),
        ("v[0-9].*", "v1.0", true),
        ("v[0-9].*", "vX.0", false),
        ("[!a]*", "bcd", true),
        ("[!a]*", "abc", false),
        ("{main,develop}", "develop", true),
        ("{main,release/*}", "release/2", true),
        ("{main,release/*}", "hotfix/2", false),
        ("*.{yml,yaml}", "ci.yaml", true),
        ("a\\*b", "a*b", true),
        ("a\\*b", "axb", false),
        ("*", "", true),
        ("branch.*", "branch.force_pushed", true),
        ("*[bot]", "dependabot[bot]", false),  // a set: one of b, o, t — not the text "[bot]"
        ("*\\[bot\\]*", "dependabot[bot]", true),
    ])
    func testMatching(pattern: String, text: String, expected: Bool) throws {
        #expect(try Glob(pattern).matches(text) == expected, "\(pattern) vs \(text)")
    }

    @Test func testCaseInsensitiveGlob_matchesAnyCase() throws {
        #expect(try Glob("*@Example.COM", caseInsensitive: true).matches("ada@example.com"))
        #expect(try !Glob("*@Example.COM").matches("ada@example.com"))
    }

    @Test(arguments: [
        ("feature/[abc", "unclosed \"[\""),
        ("{main,dev", "unclosed \"{\""),
        ("main}", "unmatched \"}\""),
        ("trailing\\", "trailing \"\\\""),
        ("[z-a]", "invalid range \"z-a\""),
    ])
    func testInvalidGlobs_sayWhatIsWrong(pattern: String, message: String) {
        #expect {
            try Glob(pattern)
        } throws: { error in
            "\(error)" == message
        }
    }

    @Test func testLongTexts_matchInLinearTime() throws {
        // A pattern that makes backtracking matchers explode.
        let glob = try Glob("*a*a*a*a*a*a*a*a*b")
        #expect(!glob.matches(String(repeating: "a", count: 5_000)))
    }
}
