import Foundation

/// A notification URL in Apprise's notation (`tgram://bot_token/chat_id`, `mailtos://user:pass@host?to=a`),
/// split leniently: Apprise's URLs are not all valid RFC 3986 URLs (a Telegram bot token holds a `:`, a Matrix
/// room is written as a `#fragment`), so the parts are kept raw and each sink reads what it needs.
///
/// Never printed: every part may be a secret.
public struct NotificationURL: Sendable {
    /// The scheme, lowercased (`slack`, `mmosts`).
    public var scheme: String
    /// The user before `@`, percent-decoded.
    public var user: String?
    /// The password after `user:`, percent-decoded.
    public var password: String?
    /// The host (and `:port`) as written, between `//` (or `@`) and the first `/`.
    public var authority: String
    /// The path's non-empty segments, percent-decoded.
    public var path: [String]
    /// The query's parameters, keys lowercased, values percent-decoded.
    public var query: [String: String]
    /// The part after `#`, percent-decoded.
    public var fragment: String?

    /// Splits a URL; `nil` when it has no `scheme://`.
    public init?(_ text: String) {
        guard let separator = text.range(of: "://") else { return nil }
        let scheme = text[..<separator.lowerBound]
        guard let first = scheme.first, first.isLetter,
            scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) })
        else { return nil }
        self.scheme = scheme.lowercased()
        var rest = Substring(text[separator.upperBound...])
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...]).removingPercentEncoding
            rest = rest[..<hash]
        }
        query = [:]
        if let mark = rest.firstIndex(of: "?") {
            for pair in rest[rest.index(after: mark)...].split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                let key = String(parts[0]).removingPercentEncoding?.lowercased() ?? String(parts[0])
                let value = parts.count > 1 ? String(parts[1]) : ""
                query[key] = (value.replacingOccurrences(of: "+", with: " ")).removingPercentEncoding ?? value
            }
            rest = rest[..<mark]
        }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<slash]
        if let at = authority.lastIndex(of: "@") {
            let userInfo = authority[..<at]
            if let colon = userInfo.firstIndex(of: ":") {
                user = String(userInfo[..<colon]).removingPercentEncoding
                password = String(userInfo[userInfo.index(after: colon)...]).removingPercentEncoding
            } else {
                user = String(userInfo).removingPercentEncoding
            }
            authority = authority[authority.index(after: at)...]
        }
        self.authority = String(authority)
        path = rest[slash...].split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
    }

    /// The host without the port (an IPv6 literal keeps its brackets).
    public var host: String {
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            return String(authority[...close])
        }
        return String(authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    /// The port after the host: `nil` when none is written; throws when it is not a number from 1 to 65535.
    public func port() throws(NotificationURLError) -> Int? {
        let afterHost = authority.dropFirst(host.count)
        guard afterHost.hasPrefix(":") else { return nil }
        guard let port = Int(afterHost.dropFirst()), (1...65_535).contains(port) else {
            throw NotificationURLError("the port is not a number from 1 to 65535")
        }
        return port
    }

    /// Whether the scheme ends in `s` where the kind has a secure variant (`mmosts`, `ntfys`, `jsons`).
    public func isSecure(base: String) -> Bool { scheme == base + "s" }

    /// `http(s)://host[:port]` followed by `path` (already encoded).
    public func httpURL(secure: Bool, path: String) throws(NotificationURLError) -> String {
        guard !host.isEmpty else { throw NotificationURLError("the host is missing") }
        let port = try port().map { ":\($0)" } ?? ""
        return "\(secure ? "https" : "http")://\(host)\(port)\(path)"
    }

    /// A path segment percent-encoded for use in an http URL.
    static func encode(_ segment: String) -> String {
        segment.addingPercentEncoding(
            withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))
        )
            ?? segment
    }
}
