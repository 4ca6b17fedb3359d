import Foundation

/// One page of a GitLab list, with what GitLab's pagination headers said about it.
public struct GitLabPage<Item: Sendable>: Sendable {
    /// The items, in GitLab's order.
    public var items: [Item]
    /// The page number (1-based; counted by the client for keyset pages).
    public var number: Int
    /// The page size asked for.
    public var perPage: Int
    /// `X-Next-Page`: the next page number, `nil` on the last page.
    public var nextPage: Int?
    /// `X-Prev-Page`.
    public var previousPage: Int?
    /// `X-Total`: absent for commits, for keyset pagination and above 10,000 items.
    public var totalItems: Int?
    /// `X-Total-Pages`: absent whenever `totalItems` is.
    public var totalPages: Int?
    /// `Link: rel="next"`: the next page's URL (the only pointer keyset pagination gives).
    public var nextLink: URL?
    /// Whether `nextPage` is a guess (GitLab's pagination headers were missing and the page was full), so an empty
    /// next page is no inconsistency.
    var nextIsGuessed = false

    /// Whether GitLab pointed to a next page.
    ///
    /// A final empty page after a full one is normal.
    public var hasNext: Bool { nextPage != nil || nextLink != nil }
}
