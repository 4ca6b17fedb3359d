/// Everything the status page reads, all read-only: the CLI's queries (`status`, `history`, `deliveries`), event
/// lookup by id, and the chart counts. `SQLiteStateStore` answers all of them from its read connections (WAL), so a
/// page load never waits for, or holds up, the poller's and the delivery's writes.
typealias StatusPageStore = ActivityQueries & EventLookup & StateQueries
