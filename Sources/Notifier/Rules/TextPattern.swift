/// A condition on a string: a glob (matched against the whole string) or a regular expression (searched).
///
/// In rules a plain string is a glob and `{regex: "…"}` a regular expression; for commit messages and
/// titles, where globs are of little use, a plain string is a regular expression.
public enum TextPattern: Sendable, Hashable, CustomStringConvertible {
    /// A shell-style wildcard pattern.
    case glob(Glob)
    /// A regular expression.
    case regex(RegexPattern)

    /// Whether `text` satisfies the pattern.
    public func matches(_ text: String) -> Bool {
        switch self {
        case .glob(let glob): glob.matches(text)
        case .regex(let regex): regex.matches(text)
        }
    }

    /// `glob` or `/regex/`.
    public var description: String {
        switch self {
        case .glob(let glob): glob.pattern
        case .regex(let regex): "/\(regex.pattern)/"
        }
    }
}
