/// A mapping in the config file and the keys it accepts.
struct ConfigSection: Sendable {
    /// The section's name in messages and in the schema's titles (`gitlab instance`, `watch target`).
    var title: String
    /// Its keys, in the order the reference documents them.
    var keys: [ConfigKey]

    /// The names of its keys, for `YAMLMapping.checkKeys`.
    var names: [String] { keys.map(\.name) }

    /// The key with this name.
    func key(_ name: String) -> ConfigKey? { keys.first { $0.name == name } }
}
