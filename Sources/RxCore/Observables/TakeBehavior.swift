/// Behaviors for the take operator family (`take(while:behavior:)`, `take(until:behavior:)`).
public enum TakeBehavior: Sendable {
    /// Include the last element matching the predicate.
    case inclusive

    /// Exclude the last element matching the predicate.
    case exclusive
}
