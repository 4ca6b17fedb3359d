import Foundation

extension FakeHTTPRequest {
    /// The same request for the page `offset` pages away (`page` defaults to 1); `nil` when that is before page 1.
    func shiftingPage(by offset: Int) -> FakeHTTPRequest? {
        let page = (param("page").flatMap(Int.init) ?? 1) + offset
        guard page >= 1 else { return nil }
        var parts = rawQuery.split(separator: "&", omittingEmptySubsequences: true).map(String.init)
        parts.removeAll { $0.hasPrefix("page=") }
        parts.append("page=\(page)")
        return FakeHTTPRequest(
            method: method,
            rawPath: rawPath,
            rawQuery: parts.joined(separator: "&"),
            headers: headers,
            body: body
        )
    }
}
