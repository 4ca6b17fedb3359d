/// A shell-style wildcard pattern, matched against a whole string.
///
/// - `*` matches any run of characters except `/`; `**` matches across `/` (and `**/` may match nothing,
///   so `a/**/b` matches `a/b`);
/// - `?` matches one character except `/`;
/// - `[abc]`, `[a-z]`, `[!abc]` (or `[^abc]`) match one character of (not of) a set;
/// - `{main,release/*}` matches any of the alternatives;
/// - `\` makes the next character literal.
///
/// ```swift
/// let glob = try Glob("release/*")
/// glob.matches("release/1.2")   // true
/// glob.matches("release/1/2")   // false
/// ```
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    /// Why a pattern is not a valid glob.
    public struct SyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong, for example `unclosed "["`.
        public var description: String
    }

    /// The pattern as written.
    public let pattern: String
    /// Whether letters match regardless of case (used for e-mail addresses).
    public let caseInsensitive: Bool
    private let alternatives: [[Token]]

    /// Compiles a glob.
    ///
    /// - throws: `Glob.SyntaxError` for an unclosed `[` or `{`, an empty `[]`, or a trailing `\`.
    public init(_ pattern: String, caseInsensitive: Bool = false) throws {
        self.pattern = pattern
        self.caseInsensitive = caseInsensitive
        let expanded = try Glob.expandBraces(Array(pattern))
        self.alternatives = try expanded.map { try Glob.tokenize($0, caseInsensitive: caseInsensitive) }
    }

    /// The pattern as written.
    public var description: String { pattern }

    /// Whether the glob matches the whole of `text`.
    public func matches(_ text: String) -> Bool {
        let characters = Array(caseInsensitive ? text.lowercased() : text)
        return alternatives.contains { Glob.match($0, characters) }
    }

    /// Two globs are equal when written the same way with the same case rule.
    public static func == (lhs: Glob, rhs: Glob) -> Bool {
        lhs.pattern == rhs.pattern && lhs.caseInsensitive == rhs.caseInsensitive
    }

    /// Hashes the pattern and its case rule.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(pattern)
        hasher.combine(caseInsensitive)
    }

    // MARK: - Compilation

    private enum Token: Sendable {
        case literal(Character)
        case star  // any run without "/"
        case globstar  // any run, "/" included
        case anyDirectories  // "**/": nothing, or any run ending in "/"
        case single  // one character but "/"
        case set(ranges: [ClosedRange<Character>], negated: Bool)
    }

    /// Expands `{a,b}` alternatives into separate patterns (a glob has few, so expansion is cheap).
    private static func expandBraces(_ chars: [Character]) throws -> [[Character]] {
        var index = 0
        var inSet = false
        while index < chars.count {
            let char = chars[index]
            if char == "\\" {
                index += 2
                continue
            }
            if inSet {
                if char == "]" { inSet = false }
            } else if char == "[" {
                inSet = true
                // "]" right after "[" or "[!" is a literal member.
                if index + 1 < chars.count, chars[index + 1] == "!" || chars[index + 1] == "^" { index += 1 }
                if index + 1 < chars.count, chars[index + 1] == "]" { index += 1 }
            } else if char == "{" {
                var depth = 0
                var parts: [[Character]] = []
                var current: [Character] = []
                var cursor = index + 1
                var closed = false
                while cursor < chars.count {
                    let inner = chars[cursor]
                    if inner == "\\", cursor + 1 < chars.count {
                        current += [inner, chars[cursor + 1]]
                        cursor += 2
                        continue
                    }
                    if inner == "{" { depth += 1 }
                    if inner == "}" {
                        if depth == 0 {
                            closed = true
                            break
                        }
                        depth -= 1
                    }
                    if inner == ",", depth == 0 {
                        parts.append(current)
                        current = []
                    } else {
                        current.append(inner)
                    }
                    cursor += 1
                }
                guard closed else { throw SyntaxError(description: "unclosed \"{\"") }
                parts.append(current)
                let prefix = Array(chars[..<index])
                let suffix = Array(chars[(cursor + 1)...])
                var results: [[Character]] = []
                for part in parts {
                    results += try expandBraces(prefix + part + suffix)
                    if results.count > 1024 { throw SyntaxError(description: "too many \"{…}\" alternatives") }
                }
                return results
            } else if char == "}" {
                throw SyntaxError(description: "unmatched \"}\"")
            }
            index += 1
        }
        if inSet { throw SyntaxError(description: "unclosed \"[\"") }
        return [chars]
    }

    private static func tokenize(_ chars: [Character], caseInsensitive: Bool) throws -> [Token] {
        func fold(_ char: Character) -> Character {
            caseInsensitive ? Character(char.lowercased()) : char
        }
        var tokens: [Token] = []
        var index = 0
        while index < chars.count {
            let char = chars[index]
            switch char {
            case "\\":
                guard index + 1 < chars.count else { throw SyntaxError(description: "trailing \"\\\"") }
                tokens.append(.literal(fold(chars[index + 1])))
                index += 2
            case "*":
                if index + 1 < chars.count, chars[index + 1] == "*" {
                    let atSegmentStart = index == 0 || chars[index - 1] == "/"
                    if atSegmentStart, index + 2 < chars.count, chars[index + 2] == "/" {
                        tokens.append(.anyDirectories)
                        index += 3
                    } else {
                        tokens.append(.globstar)
                        index += 2
                    }
                } else {
                    tokens.append(.star)
                    index += 1
                }
            case "?":
                tokens.append(.single)
                index += 1
            case "[":
                var cursor = index + 1
                var negated = false
                if cursor < chars.count, chars[cursor] == "!" || chars[cursor] == "^" {
                    negated = true
                    cursor += 1
                }
                var ranges: [ClosedRange<Character>] = []
                var first = true
                while cursor < chars.count, chars[cursor] != "]" || first {
                    first = false
                    var lower = chars[cursor]
                    if lower == "\\", cursor + 1 < chars.count {
                        cursor += 1
                        lower = chars[cursor]
                    }
                    if cursor + 2 < chars.count, chars[cursor + 1] == "-", chars[cursor + 2] != "]" {
                        let upper = chars[cursor + 2]
                        guard lower <= upper else {
                            throw SyntaxError(description: "invalid range \"\(lower)-\(upper)\"")
                        }
                        ranges.append(fold(lower)...fold(upper))
                        cursor += 3
                    } else {
                        ranges.append(fold(lower)...fold(lower))
                        cursor += 1
                    }
                }
                guard cursor < chars.count else { throw SyntaxError(description: "unclosed \"[\"") }
                tokens.append(.set(ranges: ranges, negated: negated))
                index = cursor + 1
            default:
                tokens.append(.literal(fold(char)))
                index += 1
            }
        }
        return tokens
    }

    // MARK: - Matching

    /// Dynamic programming over (token, character) positions: linear in pattern × text, no backtracking blow-up.
    private static func match(_ tokens: [Token], _ text: [Character]) -> Bool {
        // reachable[j]: the tokens consumed so far can match exactly text[..<j].
        var reachable = [Bool](repeating: false, count: text.count + 1)
        reachable[0] = true
        for token in tokens {
            var next = [Bool](repeating: false, count: text.count + 1)
            switch token {
            case .literal(let expected):
                for j in 0..<text.count where reachable[j] && text[j] == expected { next[j + 1] = true }
            case .single:
                for j in 0..<text.count where reachable[j] && text[j] != "/" { next[j + 1] = true }
            case .set(let ranges, let negated):
                for j in 0..<text.count where reachable[j] {
                    let inSet = ranges.contains { $0.contains(text[j]) }
                    if inSet != negated && text[j] != "/" { next[j + 1] = true }
                }
            case .star:
                var open = false
                for j in 0...text.count {
                    if reachable[j] { open = true }
                    if open { next[j] = true }
                    if j < text.count, text[j] == "/" { open = false }
                }
            case .globstar:
                var open = false
                for j in 0...text.count {
                    if reachable[j] { open = true }
                    next[j] = open
                }
            case .anyDirectories:
                var open = false
                for j in 0...text.count {
                    if reachable[j] {
                        next[j] = true
                        open = true
                    }
                    if open, j < text.count, text[j] == "/" { next[j + 1] = true }
                }
            }
            reachable = next
            if !reachable.contains(true) { return false }
        }
        return reachable[text.count]
    }
}
