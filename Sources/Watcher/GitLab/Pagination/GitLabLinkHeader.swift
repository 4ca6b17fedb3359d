import Foundation

/// Parses RFC 8288 `Link` headers (`<https://…&page=3>; rel="next", <…>; rel="first"`).
enum GitLabLinkHeader {
    /// The URL of the link with relation `relation` in `value`, if any.
    static func url(in value: String, relation: String) -> URL? {
        var remainder = Substring(value)
        while let open = remainder.firstIndex(of: "<") {
            guard let close = remainder[open...].firstIndex(of: ">") else { return nil }
            let target = remainder[remainder.index(after: open)..<close]
            let afterTarget = remainder[remainder.index(after: close)...]
            let parametersEnd = afterTarget.firstIndex(of: "<") ?? afterTarget.endIndex
            let parameters = afterTarget[..<parametersEnd]
            for parameter in parameters.split(separator: ";") {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel" else {
                    continue
                }
                let relations = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t\",")).split(
                    separator: " "
                )
                if relations.contains(where: { $0.lowercased() == relation }) { return URL(string: String(target)) }
            }
            remainder = afterTarget[parametersEnd...]
        }
        return nil
    }
}
