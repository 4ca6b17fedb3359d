/// Finds stored events by the start of their id, so people can type `glwatch replay 3f9a1c2e` as with git.
protocol EventLookup: Sendable {
    /// The ids of stored events starting with `prefix` (lowercase hex), at most `limit`, in id order.
    func eventIDs(withPrefix prefix: String, limit: Int) async throws -> [String]

    /// The stored event with exactly this id, with its deliveries, or `nil`.
    func storedEvent(id: String) async throws -> StoredEvent?
}
