import Foundation

/// One routing rule: conditions, and what to do with an event that meets them.
public struct Rule: Sendable, Hashable {
    /// What a matching rule does.
    public enum Action: Sendable, Hashable {
        /// Send the event to these sinks.
        case notify(Notify)
        /// Silence the event: stop here, later rules never see it.
        case drop
    }

    /// The `notify` action's settings.
    public struct Notify: Sendable, Hashable {
        /// The sinks to send to, by name.
        public var sinks: [String]
        /// A template (by name in the rule set's templates) overriding the sinks' own.
        public var template: String?
        /// Collect the rule's events for this long and send one digest per sink and project.
        public var groupWindow: TimeInterval?

        /// Creates a notify action.
        public init(sinks: [String], template: String? = nil, groupWindow: TimeInterval? = nil) {
            self.sinks = sinks
            self.template = template
            self.groupWindow = groupWindow
        }
    }

    /// The rule's name (unique in its rule set), used in logs, dry runs and group keys.
    public var name: String
    /// What the event must satisfy.
    public var conditions: RuleConditions
    /// What to do when it does.
    public var action: Action
    /// Keep evaluating later rules after this one matched (like an Alertmanager route's `continue`).
    public var continueMatching: Bool
    /// Where the rule was written (`file:line:column`), for dry-run output.
    public var location: String?

    /// Creates a rule.
    public init(
        name: String,
        conditions: RuleConditions = RuleConditions(),
        action: Action,
        continueMatching: Bool = false,
        location: String? = nil
    ) {
        self.name = name
        self.conditions = conditions
        self.action = action
        self.continueMatching = continueMatching
        self.location = location
    }
}
