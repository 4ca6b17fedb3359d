/// Iterating a paginator yields its pages in order; each page is requested when the loop asks for it, so a
/// list of any length is processed in constant memory.
extension Paginator: AsyncSequence {
    /// A page.
    public typealias Element = GitLabPage<Item>

    /// Walks the pages, following GitLab's next-page pointers.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let paginator: Paginator<Item>
        var cursor: Paginator<Item>.Cursor? = .page(1)

        /// The next page, or `nil` after the last one.
        ///
        /// Throws `GitLabError`.
        public mutating func next() async throws -> GitLabPage<Item>? {
            guard let current = cursor else { return nil }
            do {
                let page = try await paginator.fetch(current)
                cursor = paginator.cursor(after: page)
                return page
            } catch {
                cursor = nil
                throw error
            }
        }
    }

    /// An iterator over the pages.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(paginator: self) }
}
