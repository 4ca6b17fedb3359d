import Foundation

/// Text made safe for HTML: every value the status page shows passes through `escape` (project paths, commit
/// titles and author names are chosen by whoever can push, so `<script>` must arrive as text).
enum HTML {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by entities: safe in element content and in quoted
    /// attribute values.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// A query string from `pairs` (empty values left out), percent-encoded, for links that keep the filters.
    static func query(_ pairs: [(String, String?)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let parts = pairs.compactMap { name, value -> String? in
            guard let value, !value.isEmpty else { return nil }
            return "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
        }
        return parts.isEmpty ? "" : "?" + parts.joined(separator: "&")
    }
}
