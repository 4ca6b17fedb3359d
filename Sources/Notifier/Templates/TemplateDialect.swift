import Mustache

/// The markup a sink's service understands, which decides how `{{values}}` are escaped in templates and how
/// the default templates format bold text and links.
///
/// Escaping applies to values only (commit messages, names, paths): the template's own text is markup the
/// user wrote on purpose. `{{{triple}}}` mustaches are not escaped.
public enum TemplateDialect: String, Sendable, Hashable, CaseIterable {
    /// Plain text (stdout, ntfy, the webhook's `text`): control characters are made visible so a hostile
    /// commit message cannot drive a terminal.
    case plain
    /// Slack mrkdwn: `&`, `<`, `>` become entities, so nobody can inject `<!channel>` or links.
    case slack
    /// Google Chat: `<` is defused (a zero-width space after it), so nobody can inject `<users/all>` or links.
    case googleChat
    /// Markdown (Mattermost, Discord, Teams): markup characters are backslash-escaped and `@mentions` at the
    /// start of a word are defused with a zero-width space.
    case markdown
    /// HTML (Telegram's `HTML` parse mode, Matrix's `formatted_body`, email's HTML part): `&`, `<`, `>` and `"`
    /// become entities, so no value can add a tag or a link.
    case html

    /// Escapes a value for this dialect.
    public func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        var previous: Character?
        for character in text {
            defer { previous = character }
            if let visible = Self.visibleControl(character) {
                output += visible
                continue
            }
            switch self {
            case .plain:
                output.append(character)
            case .slack:
                switch character {
                case "&": output += "&amp;"
                case "<": output += "&lt;"
                case ">": output += "&gt;"
                default: output.append(character)
                }
            case .googleChat:
                output.append(character)
                if character == "<" { output += "\u{200B}" }
            case .html:
                switch character {
                case "&": output += "&amp;"
                case "<": output += "&lt;"
                case ">": output += "&gt;"
                case "\"": output += "&quot;"
                default: output.append(character)
                }
            case .markdown:
                if Self.markdownSpecials.contains(character) {
                    output += "\\"
                    output.append(character)
                } else if character == "@", previous == nil || previous!.isWhitespace || previous == "(" {
                    output += "@\u{200B}"
                } else {
                    output.append(character)
                }
            }
        }
        return output
    }

    /// The name of this dialect's Mustache content type (set with a `CONTENT_TYPE` pragma).
    var contentTypeName: String {
        switch self {
        case .plain: "GLWATCH_PLAIN"
        case .slack: "GLWATCH_SLACK"
        case .googleChat: "GLWATCH_GOOGLE_CHAT"
        case .markdown: "GLWATCH_MARKDOWN"
        case .html: "GLWATCH_HTML"
        }
    }

    /// Makes the dialects known to swift-mustache's content-type registry (idempotent).
    static func registerContentTypes() {
        for dialect in allCases {
            MustacheContentTypes.register(DialectContentType(dialect: dialect), named: dialect.contentTypeName)
        }
    }

    private static let markdownSpecials: Set<Character> = [
        "\\", "*", "_", "~", "`", "[", "]", "<", ">", "#", "|",
    ]

    /// Control characters other than newline and tab, shown as Unicode control pictures (␛ for ESC).
    private static func visibleControl(_ character: Character) -> String? {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else {
            return nil
        }
        switch scalar.value {
        case 0x09, 0x0A: return nil
        case 0x0D: return ""  // CR: dropped, a CRLF becomes LF.
        case 0x00..<0x20: return String(UnicodeScalar(0x2400 + scalar.value)!)
        case 0x7F: return "\u{2421}"
        case 0x80..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return "\u{FFFD}"
        default: return nil
        }
    }
}

/// Adapts a dialect to swift-mustache's escaping hook.
private struct DialectContentType: MustacheContentType {
    let dialect: TemplateDialect

    func escapeText(_ text: String) -> String { dialect.escape(text) }
}
