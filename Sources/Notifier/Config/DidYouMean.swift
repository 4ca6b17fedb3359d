/// Suggests the closest valid word for a misspelt one (`brnach` → `branch`).
public enum DidYouMean {
    /// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo.
    public static func suggestion(for word: String, among candidates: [String]) -> String? {
        let lowered = word.lowercased()
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best else { return nil }
        let threshold = max(2, min(word.count, best.candidate.count) / 3)
        return best.distance <= threshold ? best.candidate : nil
    }

    /// ` (did you mean "x"?)`, or an empty string when nothing is close.
    public static func hint(for word: String, among candidates: [String]) -> String {
        suggestion(for: word, among: candidates).map { " (did you mean \"\($0)\"?)" } ?? ""
    }

    /// Levenshtein distance, counting a swap of two adjacent characters as one edit.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
