import Foundation

/// Builds the values templates see for one message (one event, or several as a digest).
///
/// Keys are snake_case like the webhook payload's. A single event's keys are at the top level; a digest has
/// `digest: true`, `count` and `events` (each event's keys), and the first event's keys at the top level.
/// Booleans exist for every conditional (`is.commits_new`, `has_more_commits`), because Mustache treats the
/// number 0 as true. `*_link` values are ready-made links in the sink's markup, to use with `{{{triple}}}`.
struct TemplateContext {
    /// How many commits `commits_preview` holds.
    static let previewSize = 10
    /// The longest `title` shown: a title is one line of a chat message.
    static let titleLimit = 300
    /// The longest `message` shown: more than any chat service takes, so templates never render megabytes.
    static let messageLimit = 50_000

    let events: [WatchEvent]
    let dialect: TemplateDialect

    /// The values for Mustache.
    func values() -> [String: Any] {
        let eventValues = events.map(values(for:))
        // A digest's top level holds only digest keys: a key missing from one event must not be found on
        // another event by Mustache's lookup through enclosing contexts.
        var values: [String: Any] = events.count == 1 ? eventValues[0] : [:]
        if events.count > 1, let first = events.first {
            values["project"] = project(first.project)
            values["project_link"] = link(first.project.webURL, first.project.path, code: false)
        }
        values["digest"] = events.count > 1
        values["count"] = events.count
        values["events"] = eventValues
        let projects = Set(events.map(\.project.path))
        values["digest_summary"] =
            events.count == 1
            ? summary(events[0])
            : "\(events.count) events in \(projects.sorted().joined(separator: ", "))"
        return values
    }

    private func values(for event: WatchEvent) -> [String: Any] {
        var values: [String: Any] = [
            // Defaults for every key used in a conditional, so lookups never fall through to an outer context.
            "commits": [Any](), "commits_preview": [Any](), "commits_head": [Any](), "commits_tail": [Any](),
            "has_more_commits": false, "truncated": false, "one_commit": false,
            "id": event.id,
            "type": event.type.rawValue,
            "timestamp": EventJSON.format(event.occurredAt),
            "is": [event.type.rawValue.replacingOccurrences(of: ".", with: "_"): true],
            "project": project(event.project),
            "project_link": link(event.project.webURL, event.project.path, code: false),
            "summary": summary(event),
        ]
        if let url = Self.primaryURL(of: event) { values["url"] = url }
        if let branch = event.branch {
            values["branch"] = branch
            let url = event.project.webURL.map { "\($0)/-/tree/\(Self.percentEncodePath(branch))" }
            values["branch_link"] = link(url, branch, code: true)
        }
        switch event.details {
        case .commitsNew(let details):
            add(details.commits, to: &values)
            values["before"] = details.before ?? ""
            values["after"] = details.after
            if let before = details.before, let web = event.project.webURL {
                values["compare_url"] = Self.safeURL("\(web)/-/compare/\(before)...\(details.after)")
            }
        case .contributorNew(let details):
            values["contributor"] = ["name": details.contributor.name, "email": details.contributor.email]
            values["commit"] = commit(details.commit)
            add(CommitList(commits: [details.commit]), to: &values)
        case .branchCreated(let details):
            values["head"] = details.head
            values["short_head"] = String(details.head.prefix(8))
            if let head = details.commit { values["commit"] = commit(head) }
        case .branchDeleted(let details):
            values["last_head"] = details.lastHead
            values["short_last_head"] = String(details.lastHead.prefix(8))
        case .branchForcePushed(let details):
            add(details.commits, to: &values)
            values["old_head"] = details.oldHead
            values["new_head"] = details.newHead
            values["short_old_head"] = String(details.oldHead.prefix(8))
            values["short_new_head"] = String(details.newHead.prefix(8))
            values["dropped_commits"] = details.droppedCount
            values["unrelated"] = details.unrelated
            values["old_head_pruned"] = details.oldHeadPruned
        case .tagCreated(let details):
            addTag(details.tag, sha: details.sha, message: details.message, page: details.webURL, to: &values)
            if let tagged = details.commit { values["commit"] = commit(tagged) }
        case .tagDeleted(let details):
            addTag(details.tag, sha: details.lastSHA, message: details.message, page: nil, to: &values)
        case .projectUnreachable(let details):
            values["reason"] = details.reason
            if let status = details.httpStatus { values["http_status"] = status }
            values["consecutive_failures"] = details.consecutiveFailures
            values["since"] = EventJSON.format(details.since)
        case .projectStalled(let details):
            values["reason"] = details.reason
            if let status = details.httpStatus { values["http_status"] = status }
            if let endpoint = details.endpoint { values["endpoint"] = endpoint }
            values["same_failures"] = details.sameFailures
            values["since"] = EventJSON.format(details.since)
        case .projectRecovered(let details):
            values["unreachable_since"] = EventJSON.format(details.unreachableSince)
            values["downtime"] = DurationParser.format(event.occurredAt.timeIntervalSince(details.unreachableSince))
        case .projectRenamed(let details):
            values["old_path"] = details.oldPath
            values["new_path"] = details.newPath
        case .projectRemoved(let details):
            values["reason"] = details.reason
            values["last_heads"] = details.lastHeads.sorted { $0.key < $1.key }
                .map { ["branch": $0.key, "sha": $0.value] }
        case .watcherLagging(let details):
            values["last_poll_at"] = details.lastPollAt.map(EventJSON.format) ?? "never"
            values["interval"] = DurationParser.format(details.intervalSeconds)
            values["missed_intervals"] = details.missedIntervals
        case .instanceUnreachable(let details):
            values["instance_url"] = Self.safeURL(details.url)
            values["reason"] = details.reason
            if let status = details.httpStatus { values["http_status"] = status }
            values["since"] = EventJSON.format(details.since)
        case .instanceRecovered(let details):
            values["instance_url"] = Self.safeURL(details.url)
            values["unreachable_since"] = EventJSON.format(details.unreachableSince)
            values["downtime"] = DurationParser.format(event.occurredAt.timeIntervalSince(details.unreachableSince))
        case .tokenExpiring(let details):
            values["token_name"] = details.tokenName
            values["expires_at"] = EventJSON.format(details.expiresAt)
            values["days_left"] = details.daysLeft
            if let source = details.source { values["token_source"] = source }
        }
        return values
    }

    private func add(_ list: CommitList, to values: inout [String: Any]) {
        let commits = list.commits.map(commit)
        let preview = Array(commits.prefix(Self.previewSize))
        values["commits"] = commits
        values["commits_head"] = list.head.map(commit)
        values["commits_tail"] = list.tail.map(commit)
        values["commits_preview"] = preview
        values["total_commits"] = list.totalCount
        values["one_commit"] = list.totalCount == 1
        values["omitted_commits"] = list.omittedCount
        values["truncated"] = list.isTruncated
        values["more_commits"] = list.totalCount - preview.count
        values["has_more_commits"] = list.totalCount > preview.count
    }

    /// A tag's values: `tag`, `tag_link`, `sha`, `short_sha`, `annotated` and (annotated) `message`.
    private func addTag(_ tag: String, sha: String, message: String?, page: String?, to values: inout [String: Any]) {
        values["tag"] = tag
        values["tag_link"] = link(page, tag, code: true)
        values["sha"] = sha
        values["short_sha"] = String(sha.prefix(8))
        values["annotated"] = message != nil
        if let message { values["message"] = Self.shorten(message, to: Self.messageLimit) }
    }

    private func project(_ project: ProjectRef) -> [String: Any] {
        var values: [String: Any] = [
            "id": project.id, "path": project.path, "instance": project.instance, "namespace": project.namespace,
            "name": project.name ?? project.path,
        ]
        if let web = project.webURL { values["web_url"] = Self.safeURL(web) }
        return values
    }

    private func commit(_ commit: Commit) -> CommitValues {
        CommitValues(commit: commit, dialect: dialect)
    }

    /// A link in the dialect's markup, with the text escaped and the URL made safe; the text alone without a URL.
    private func link(_ url: String?, _ text: String, code: Bool) -> String {
        Self.link(url, text, code: code, dialect: dialect)
    }

    /// A link in `dialect`'s markup (see the instance method).
    static func link(_ url: String?, _ text: String, code: Bool, dialect: TemplateDialect) -> String {
        let shown = dialect.escape(text)
        // Plain text shows names only; the message's `url` line carries the one link worth printing.
        if dialect == .plain { return shown }
        guard let url else {
            if dialect == .html { return code ? "<code>\(shown)</code>" : shown }
            return code ? "`\(shown)`" : shown
        }
        let safe = Self.safeURL(url)
        switch dialect {
        case .plain: return shown
        case .slack, .googleChat: return code ? "<\(safe)|`\(shown)`>" : "<\(safe)|\(shown)>"
        case .html:
            let href = safe.replacingOccurrences(of: "&", with: "&amp;")
            return code ? "<a href=\"\(href)\"><code>\(shown)</code></a>" : "<a href=\"\(href)\">\(shown)</a>"
        case .markdown:
            return code ? "[`\(text.replacingOccurrences(of: "`", with: "'"))`](\(safe))" : "[\(shown)](\(safe))"
        }
    }

    /// A one-line description of the event, for example `3 new commits on main in acme/api`.
    func summary(_ event: WatchEvent) -> String {
        let path = event.project.path
        let branch = event.branch ?? ""
        switch event.details {
        case .commitsNew(let details):
            let count = details.commits.totalCount
            return "\(count) new commit\(count == 1 ? "" : "s") on \(branch) in \(path)"
        case .contributorNew(let details):
            return "New contributor \(details.contributor.name) in \(path)"
        case .branchCreated: return "Branch \(branch) created in \(path)"
        case .branchDeleted: return "Branch \(branch) deleted in \(path)"
        case .branchForcePushed(let details) where details.oldHeadPruned:
            return "Branch \(branch) force-pushed in \(path) (its old head is no longer on GitLab; "
                + "\(details.commits.totalCount) new)"
        case .branchForcePushed(let details) where details.unrelated:
            return "Branch \(branch) replaced by an unrelated history in \(path) (\(details.droppedCount) dropped, "
                + "\(details.commits.totalCount) new)"
        case .branchForcePushed(let details):
            return "Branch \(branch) force-pushed in \(path) (\(details.droppedCount) dropped, "
                + "\(details.commits.totalCount) new)"
        case .tagCreated(let details): return "Tag \(details.tag) created in \(path)"
        case .tagDeleted(let details): return "Tag \(details.tag) deleted in \(path)"
        case .projectUnreachable(let details): return "\(path) is unreachable: \(details.reason)"
        case .projectStalled(let details):
            return "\(path) is stalled: \(details.sameFailures) polls failed the same way: \(details.reason)"
        case .projectRecovered: return "\(path) is reachable again"
        case .projectRenamed(let details): return "\(details.oldPath) was renamed to \(details.newPath)"
        case .projectRemoved(let details): return "\(path) is no longer watched: \(details.reason)"
        case .watcherLagging(let details):
            return "glwatch is lagging on \(path): no poll for \(details.missedIntervals) intervals"
        case .instanceUnreachable(let details):
            return "GitLab instance \(event.project.instance) is unreachable: \(details.reason)"
        case .instanceRecovered: return "GitLab instance \(event.project.instance) is reachable again"
        case .tokenExpiring(let details):
            return "The token \(details.tokenName) of \(event.project.instance) expires in \(details.daysLeft) days"
        }
    }

    /// The one link worth following for an event, the most specific page GitLab has for it: the compare view of a
    /// push or a force-push, a new contributor's commit, a new branch's tree, the commit a deleted branch pointed
    /// at (where it can be restored from), a new tag's page, the commit a deleted tag pointed at, else the project
    /// (renamed, unreachable, recovered, lagging).
    static func primaryURL(of event: WatchEvent) -> String? {
        let project = event.project.webURL
        func page(_ path: String) -> String? { project.map { Self.safeURL("\($0)/-/\(path)") } }
        switch event.details {
        case .commitsNew(let details):
            if let before = details.before, let url = page("compare/\(before)...\(details.after)") { return url }
            return details.commits.commits.last?.webURL.map(Self.safeURL) ?? project.map(Self.safeURL)
        case .contributorNew(let details):
            return details.commit.webURL.map(Self.safeURL) ?? project.map(Self.safeURL)
        case .branchCreated:
            return event.branch.flatMap { page("tree/\(Self.percentEncodePath($0))") } ?? project.map(Self.safeURL)
        case .branchDeleted(let details):
            return page("commit/\(details.lastHead)")
        case .branchForcePushed(let details):
            return page("compare/\(details.oldHead)...\(details.newHead)")
        case .tagCreated(let details):
            return details.webURL.map(Self.safeURL) ?? project.map(Self.safeURL)
        case .tagDeleted(let details):
            return page("commit/\(details.lastSHA)")
        default:
            return project.map(Self.safeURL)
        }
    }

    /// Text cut to `limit` characters (at a character boundary, marked with `…`).
    static func shorten(_ text: String, to limit: Int) -> String {
        guard let cut = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), cut != text.endIndex
        else { return text }
        return text[..<text.index(before: cut)] + "…"
    }

    /// Percent-encodes what would break a URL inside markup (spaces, quotes, brackets, pipes, controls).
    static func safeURL(_ url: String) -> String {
        var allowed = CharacterSet.urlFragmentAllowed.union(.urlPathAllowed).union(.urlQueryAllowed)
        allowed.insert(charactersIn: "%#")
        allowed.remove(charactersIn: "<>|()[]{}\"'`\\ ")
        return url.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    /// Percent-encodes a branch name for a URL path (keeping `/`).
    static func percentEncodePath(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "<>|()[]{}\"'`\\ ?#%")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
