/// GitLab's offset and keyset pagination, with its headers.
struct FakePagination {
    let request: FakeHTTPRequest
    /// `http://127.0.0.1:port`, for `Link` URLs.
    let baseURL: String
    let totalsLimit: Int

    /// Validated `per_page` (default 20, capped at 100) and `page` (default 1), or GitLab's 400.
    func parameters() -> Result<(page: Int, perPage: Int), FakeResponse> {
        var perPage = 20
        if let raw = request.param("per_page") {
            guard let value = Int(raw), value >= 1 else {
                return .failure(.error(400, "per_page does not have a valid value"))
            }
            perPage = min(value, 100)
        }
        var page = 1
        if let raw = request.param("page") {
            guard let value = Int(raw) else { return .failure(.error(400, "page is invalid")) }
            page = max(value, 1)
        }
        return .success((page, perPage))
    }

    /// One page of `items` and its headers.
    ///
    /// - parameter countable: `false` for endpoints that never count (commits): no totals, and `X-Next-Page`
    ///   whenever the page was full. Lists above `totalsLimit` behave the same way.
    func offset<Item>(
        _ items: [Item],
        countable: Bool = true
    ) -> Result<(ArraySlice<Item>, [(String, String)]), FakeResponse> {
        let (page, perPage): (Int, Int)
        switch parameters() {
        case .success(let values): (page, perPage) = values
        case .failure(let response): return .failure(response)
        }
        let start = min((page - 1) * perPage, items.count)
        let slice = items[start..<min(start + perPage, items.count)]
        let counted = countable && items.count <= totalsLimit
        let totalPages = max(1, (items.count + perPage - 1) / perPage)
        let next: Int? = counted ? (page < totalPages ? page + 1 : nil) : (slice.count == perPage ? page + 1 : nil)
        let previous: Int? = page > 1 ? page - 1 : nil
        var headers: [(String, String)] = [
            ("X-Page", String(page)), ("X-Per-Page", String(perPage)),
            ("X-Next-Page", next.map(String.init) ?? ""), ("X-Prev-Page", previous.map(String.init) ?? ""),
        ]
        if counted {
            headers += [("X-Total", String(items.count)), ("X-Total-Pages", String(totalPages))]
        }
        var links: [String] = []
        if let previous {
            links.append("<\(link(replacing: ["page": String(previous), "per_page": String(perPage)]))>; rel=\"prev\"")
        }
        if let next {
            links.append("<\(link(replacing: ["page": String(next), "per_page": String(perPage)]))>; rel=\"next\"")
        }
        links.append("<\(link(replacing: ["page": "1", "per_page": String(perPage)]))>; rel=\"first\"")
        if counted {
            links.append(
                "<\(link(replacing: ["page": String(totalPages), "per_page": String(perPage)]))>; rel=\"last\""
            )
        }
        headers.append(("Link", links.joined(separator: ", ")))
        return .success((slice, headers))
    }

    /// Keyset pagination by id: items after `id_after` (ascending) or before `id_before` (descending); only a
    /// `Link: rel="next"`, never totals.
    func keyset<Item>(
        _ items: [Item],
        id: (Item) -> Int64,
        descending: Bool
    ) -> Result<(ArraySlice<Item>, [(String, String)]), FakeResponse> {
        let perPage: Int
        switch parameters() {
        case .success(let values): perPage = values.perPage
        case .failure(let response): return .failure(response)
        }
        var remaining = items.sorted { descending ? id($0) > id($1) : id($0) < id($1) }
        if let after = request.param("id_after").flatMap(Int64.init) { remaining.removeAll { id($0) <= after } }
        if let before = request.param("id_before").flatMap(Int64.init) { remaining.removeAll { id($0) >= before } }
        let slice = remaining.prefix(perPage)
        var headers: [(String, String)] = []
        if remaining.count > perPage, let last = slice.last {
            let cursor = descending ? ["id_before": String(id(last))] : ["id_after": String(id(last))]
            headers.append(
                ("Link", "<\(link(replacing: cursor.merging(["per_page": String(perPage)]) { $1 }))>; rel=\"next\"")
            )
        }
        return .success((slice[...], headers))
    }

    /// The request's own URL with some query parameters replaced.
    private func link(replacing replacements: [String: String]) -> String {
        var pairs: [(String, String)] = []
        var seen: Set<String> = []
        let replacesCursor = replacements["id_after"] != nil || replacements["id_before"] != nil
        for pair in request.rawQuery.split(separator: "&") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = FakeQuery.decode(String(parts[0]), plusIsSpace: true)
            if let replacement = replacements[name] {
                if seen.insert(name).inserted { pairs.append((name, replacement)) }
            } else if replacesCursor && (name == "id_after" || name == "id_before") {
                continue  // the new cursor replaces the old one
            } else {
                pairs.append((name, parts.count > 1 ? FakeQuery.decode(String(parts[1]), plusIsSpace: true) : ""))
            }
        }
        for (name, value) in replacements.sorted(by: { $0.key < $1.key }) where !seen.contains(name) {
            pairs.append((name, value))
        }
        let query = pairs.map { "\(FakeQuery.encode($0.0))=\(FakeQuery.encode($0.1))" }.joined(separator: "&")
        return baseURL + request.rawPath + (query.isEmpty ? "" : "?" + query)
    }
}
