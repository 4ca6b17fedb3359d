import Mustache

/// A commit's template values, computed only when a template asks for them: commit lists can be long and
/// messages huge, and the built-in templates show ten titles.
struct CommitValues: MustacheParent {
    let commit: Commit
    let dialect: TemplateDialect

    func child(named name: String) -> Any? {
        switch name {
        case "id": commit.id
        case "short_id": commit.shortID
        case "title": TemplateContext.shorten(commit.title, to: TemplateContext.titleLimit)
        case "message": TemplateContext.shorten(commit.message, to: TemplateContext.messageLimit)
        case "message_truncated": commit.messageTruncated
        case "author_name": commit.author.name
        case "author_email": commit.author.email
        case "authored_date": commit.authoredAt.iso8601
        case "committer_name": commit.committer.name
        case "committer_email": commit.committer.email
        case "committed_date": commit.committedAt.iso8601
        case "parent_ids": commit.parentIDs
        case "is_merge": commit.isMerge
        case "web_url": commit.webURL.map(TemplateContext.safeURL)
        case "link": TemplateContext.link(commit.webURL, commit.shortID, code: true, dialect: dialect)
        case "trailers":
            commit.trailers.sorted { $0.key < $1.key }.flatMap { key, values in
                values.map { ["key": key, "value": $0] }
            }
        default: nil
        }
    }
}
