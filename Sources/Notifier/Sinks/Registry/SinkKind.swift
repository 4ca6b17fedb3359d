/// A kind of sink, as written in `type:` (`slack`, `email`, …).
///
/// The kinds are the registry's: each sink's folder declares its own (`extension SinkKind { static let … }`)
/// and registers its `SinkDefinition` in `SinkRegistry`.
public struct SinkKind: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The name written in `type:`.
    public let rawValue: String

    /// A kind by name (known or not; `SinkRegistry` says which are).
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Every registered kind, in the registry's order.
    public static var allCases: [SinkKind] { SinkRegistry.definitions.map(\.kind) }

    /// The rate limit used unless the sink sets one: what each service tolerates per webhook.
    public var defaultRateLimit: RateLimit? { SinkRegistry.definition(for: self)?.defaultRateLimit }

    /// The name.
    public var description: String { rawValue }
}
