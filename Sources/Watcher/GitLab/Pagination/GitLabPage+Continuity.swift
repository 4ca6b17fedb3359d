extension GitLabPage {
    /// What is wrong with this page, or `nil` when it fits the list it belongs to.
    ///
    /// GitLab fills every page of a list but the last and announces a next page whenever a page was full (so a
    /// final empty page is normal). A page that announces a next page but is not full means the list is not what
    /// it claims — as when a proxy, or a list that changed under the client, repeats or skips a page. The caller
    /// fails the request rather than act on a list with a hole (a missing commit would read as a force-push, a
    /// missing branch as a deletion).
    var continuityProblem: String? {
        guard hasNext, items.count < perPage else { return nil }
        return "page \(number) announces a next page but holds \(items.count) of \(perPage) items"
    }

    /// Whether this page is empty although the page before announced it: normal after a full last page, and also
    /// what a list that skipped its last page looks like, so such a page is read twice before it is believed.
    func needsSecondReading(announced: Bool) -> Bool {
        announced && items.isEmpty
    }
}
