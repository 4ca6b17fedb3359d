/// Loaded rules and the templates they name, ready to route events.
public struct RuleSet: Sendable {
    /// The rules, in order.
    public var rules: [Rule]
    /// The templates rules name, by the name stored with their deliveries.
    public var templates: [String: MessageTemplate]

    /// Creates a rule set.
    public init(rules: [Rule], templates: [String: MessageTemplate] = [:]) {
        self.rules = rules
        self.templates = templates
    }

    /// A router over these rules.
    public var router: EventRouter { EventRouter(rules: rules) }
}
