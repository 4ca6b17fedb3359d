import RxCore

/// The reactive face of a paginator: each call starts its requests on subscription and cancels them when the
/// subscription is disposed.
extension Paginator {
    /// Page `number` (1-based).
    public subscript(number: Int) -> Single<GitLabPage<Item>> {
        Single.create { try await self.page(number) }
    }

    /// Pages `range`, loaded concurrently with a bound and emitted as one array in page order.
    public subscript(range: ClosedRange<Int>) -> Single<[GitLabPage<Item>]> {
        Single.create { try await self.pages(range) }
    }

    /// Pages `range` (half-open), loaded concurrently with a bound and emitted in page order.
    public subscript(range: Range<Int>) -> Single<[GitLabPage<Item>]> {
        Single.create {
            guard !range.isEmpty else { return [] }
            return try await self.pages(range.lowerBound...(range.upperBound - 1))
        }
    }

    /// Every item of the list.
    public func loadAll() -> Single<[Item]> {
        Single.create { try await self.loadAll() }
    }

    /// `X-Total`, or `nil` when GitLab omits it.
    public func totalItems() -> Single<Int?> {
        Single.create { try await self.totalItems() }
    }

    /// The number of pages, or `nil` when GitLab omits the total.
    public func totalPages() -> Single<Int?> {
        Single.create { try await self.totalPages() }
    }

    /// Each page in order, then completion.
    ///
    /// The next page is requested after `onNext` of the current one returns, so memory stays constant however long the
    /// list.
    public func pages() -> Observable<GitLabPage<Item>> {
        Observable.from(self)
    }
}
