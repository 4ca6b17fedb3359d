import Foundation

/// A request's query string (`?type=commits.new&limit=20`), decoded as browsers send forms (`+` is a space), with
/// the paging parameters every list of the status page takes.
struct PageQuery: Sendable, Equatable {
    /// The largest page: big enough for scripts, small enough that one request stays cheap.
    static let maximumLimit = 500

    private var items: [(name: String, value: String)]

    /// Parses `query` (the part after `?`, or `nil`).
    init(_ query: String?) {
        items = (query ?? "").split(separator: "&").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String {
                let spaced = text.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            guard let name = parts.first.map(decode), !name.isEmpty else { return nil }
            return (name, parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    static func == (lhs: PageQuery, rhs: PageQuery) -> Bool {
        lhs.items.map(\.name) == rhs.items.map(\.name) && lhs.items.map(\.value) == rhs.items.map(\.value)
    }

    /// The first non-empty value of `name`, trimmed.
    func value(_ name: String) -> String? {
        items.lazy.filter { $0.name == name }.map { $0.value.trimmingCharacters(in: .whitespaces) }
            .first { !$0.isEmpty }
    }

    /// Every non-empty value of `name` (`?type=a&type=b`).
    func values(_ name: String) -> [String] {
        items.filter { $0.name == name }.map { $0.value.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// `limit`: 1…`maximumLimit`, `fallback` when absent.
    ///
    /// - throws: `StatusAPIError.badRequest` for anything else.
    func limit(_ name: String = "limit", default fallback: Int) throws -> Int {
        guard let text = value(name) else { return fallback }
        guard let limit = Int(text), (1...Self.maximumLimit).contains(limit) else {
            throw StatusAPIError.badRequest("\(name) must be a whole number from 1 to \(Self.maximumLimit)")
        }
        return limit
    }

    /// `offset`: 0 or more, 0 when absent.
    ///
    /// - throws: `StatusAPIError.badRequest` for anything else.
    func offset(_ name: String = "offset") throws -> Int {
        guard let text = value(name) else { return 0 }
        guard let offset = Int(text), offset >= 0 else {
            throw StatusAPIError.badRequest("\(name) must be a whole number, 0 or more")
        }
        return offset
    }
}
