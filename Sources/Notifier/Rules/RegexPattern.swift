import Synchronization

/// A compiled regular expression (Swift `Regex` syntax), searched anywhere in a string: anchor it with `^…$`
/// to match the whole of it; `(?i)` makes it case-insensitive.
public final class RegexPattern: Sendable, Hashable, CustomStringConvertible {
    /// Why a pattern is not a valid regular expression.
    public struct SyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong, for example `expected ')'`.
        public var description: String
    }

    /// The pattern as written.
    public let pattern: String
    // `Regex` is not `Sendable` (its output type need not be); a `Mutex` serialises its use, which costs
    // nothing measurable next to matching itself.
    private let regex: Mutex<Regex<AnyRegexOutput>>

    /// Compiles a pattern.
    ///
    /// - throws: `RegexPattern.SyntaxError` with the compiler's message.
    public init(_ pattern: String) throws {
        self.pattern = pattern
        do {
            self.regex = Mutex(try Regex(pattern))
        } catch {
            throw SyntaxError(description: "\(error)")
        }
    }

    /// Whether the expression matches somewhere in `text`.
    public func matches(_ text: String) -> Bool {
        regex.withLock { regex in
            (try? regex.firstMatch(in: text)) != nil
        }
    }

    /// The pattern as written.
    public var description: String { pattern }

    /// Two patterns are equal when written the same way.
    public static func == (lhs: RegexPattern, rhs: RegexPattern) -> Bool { lhs.pattern == rhs.pattern }

    /// Hashes the pattern.
    public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }
}
