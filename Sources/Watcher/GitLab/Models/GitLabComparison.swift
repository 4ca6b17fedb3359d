/// The result of `GET /repository/compare`: the commits between two refs and the diffs.
public struct GitLabComparison: Sendable, Hashable, Codable {
    /// The newest commit of the comparison (`nil` when there is none).
    public var commit: GitLabCommit?
    /// The commits in `from..to` (merge-base semantics unless `straight`), oldest first.
    public var commits: [GitLabCommit]
    /// The changed files.
    public var diffs: [GitLabDiff]
    /// Whether GitLab gave up computing the comparison.
    public var compareTimeout: Bool?
    /// Whether `from` and `to` are the same ref.
    public var compareSameRef: Bool?
    /// The comparison's page on GitLab.
    public var webURL: String?

    /// Decodes a comparison; missing lists decode as empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        commit = try container.decodeIfPresent(GitLabCommit.self, forKey: .commit)
        commits = try container.decodeIfPresent([GitLabCommit].self, forKey: .commits) ?? []
        diffs = try container.decodeIfPresent([GitLabDiff].self, forKey: .diffs) ?? []
        compareTimeout = try container.decodeIfPresent(Bool.self, forKey: .compareTimeout)
        compareSameRef = try container.decodeIfPresent(Bool.self, forKey: .compareSameRef)
        webURL = try container.decodeIfPresent(String.self, forKey: .webURL)
    }

    enum CodingKeys: String, CodingKey {
        case commit, commits, diffs
        case compareTimeout = "compare_timeout"
        case compareSameRef = "compare_same_ref"
        case webURL = "web_url"
    }
}
