/// Shortens text to a service's size limit at a character boundary, so a cut never splits a UTF-8 sequence
/// or an emoji, and says that it did.
enum TextTruncation {
    /// Appended to truncated text.
    static let marker = "\n… (truncated)"

    /// How a service counts a message's size.
    enum Unit {
        /// UTF-16 code units: at least as many as characters or code points, so a safe count for services
        /// that count "characters" (Slack, Discord, Mattermost).
        case utf16
        /// UTF-8 bytes of the text.
        case utf8
        /// UTF-8 bytes of the text once escaped inside a JSON string (for limits on the whole payload).
        case jsonUTF8

        func size(of character: Character) -> Int {
            switch self {
            case .utf16: return character.utf16.count
            case .utf8: return character.utf8.count
            case .jsonUTF8:
                var size = 0
                for scalar in character.unicodeScalars {
                    switch scalar.value {
                    case 0x22, 0x5C, 0x09, 0x0A, 0x0D: size += 2
                    case 0x00..<0x20: size += 6
                    case 0x20..<0x80: size += 1
                    case 0x80..<0x800: size += 2
                    case 0x800..<0x10000: size += 3
                    default: size += 4
                    }
                }
                return size
            }
        }

        func size(of text: String) -> Int {
            switch self {
            case .utf16: return text.utf16.count
            case .utf8: return text.utf8.count
            case .jsonUTF8: return text.reduce(0) { $0 + size(of: $1) }
            }
        }
    }

    /// `text` if it fits in `limit`, otherwise its longest prefix that fits together with the marker.
    static func truncate(_ text: String, to limit: Int, in unit: Unit) -> String {
        guard unit.size(of: text) > limit else { return text }
        let budget = limit - unit.size(of: marker)
        guard budget > 0 else { return "" }
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let size = unit.size(of: text[index])
            if used + size > budget { break }
            used += size
            end = text.index(after: index)
        }
        return String(text[..<end]) + marker
    }
}

extension TextTruncation {
    /// Markup (HTML) shortened at a line boundary, so no tag or entity is cut (the built-in templates open and
    /// close every tag on one line, and values are escaped); `nil` when not even the first line fits.
    static func truncateLines(_ text: String, to limit: Int, in unit: Unit) -> String? {
        guard unit.size(of: text) > limit else { return text }
        let budget = limit - unit.size(of: marker)
        var kept: [Substring] = []
        var used = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let size = unit.size(of: String(line)) + (kept.isEmpty ? 0 : 1)
            if used + size > budget { break }
            used += size
            kept.append(line)
        }
        return kept.isEmpty ? nil : kept.joined(separator: "\n") + marker
    }
}
