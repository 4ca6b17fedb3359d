extension GitLabRequestExecutor {
    /// A paginated `GET` below `/api/v4`: what every list endpoint returns (offset pagination unless `mode` says
    /// otherwise; `perPage` `nil` takes the client's).
    func list<Item>(
        _ path: String,
        query: [GitLabQueryItem] = [],
        endpoint: String,
        resource: String,
        mode: Paginator<Item>.Mode = .offset,
        perPage: Int?
    ) -> Paginator<Item> {
        Paginator(
            executor: self,
            request: .get(path, query: query, endpoint: endpoint, resource: resource),
            mode: mode,
            perPage: perPage
        )
    }
}
