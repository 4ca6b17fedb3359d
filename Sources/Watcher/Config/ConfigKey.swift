/// One key of a config section: its name, the shape of its value, its default and what it means.
///
/// The loader checks keys against these tables and `glwatch schema` prints them as JSON Schema, so the two
/// cannot drift apart.
struct ConfigKey: Sendable {
    /// The shape of a value, as far as the schema can tell.
    indirect enum Kind: Sendable {
        /// Any string.
        case string
        /// A whole number of at least `minimum` (and at most `maximum`, when given).
        case integer(minimum: Int, maximum: Int? = nil)
        /// `true` or `false`.
        case boolean
        /// A duration such as `30s`, `10m` or `1h30m`.
        case duration
        /// One of these words.
        case oneOf([String])
        /// One of these words, or a mapping of this shape (`auth: private` or `auth: {type: oauth, …}`).
        case wordOrSection([String], ConfigSection)
        /// A string or a list of strings.
        case strings
        /// A whole number or a string (a project or group by id or path).
        case idOrPath
        /// A nested section.
        case section(ConfigSection)
        /// A mapping from names the user chooses to values of this shape.
        case namedMap(Kind)
        /// A list of values of this shape, or of the shorter `shorthand` form.
        case list(Kind, shorthand: Kind? = nil)
        /// A schema the loader of another module owns (sinks, rules), described by the schema builder.
        case external(String)
    }

    /// The key as written in YAML.
    var name: String
    /// The shape of its value.
    var kind: Kind
    /// The default, as the reference documents it (`nil` when there is none).
    var defaultValue: String?
    /// What the key does, one sentence.
    var summary: String

    /// Creates a key.
    init(_ name: String, _ kind: Kind, default defaultValue: String? = nil, _ summary: String) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.summary = summary
    }
}
