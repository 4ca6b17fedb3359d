import Foundation

/// Factories for tag events; a tag event is about no branch (`branch` is `nil`, so rules with `branches:` never
/// match it), the tag's name is in its details.
extension WatchEvent {
    /// `tag.created`: `tag` appeared, pointing at commit `sha`; `message` is an annotated tag's message.
    public static func tagCreated(
        project: ProjectRef,
        tag: String,
        sha: String,
        message: String? = nil,
        commit: Commit? = nil,
        at time: Date
    ) -> WatchEvent {
        let page = project.webURL.map { "\($0)/-/tags/\(TemplateContext.percentEncodePath(tag))" }
        return event(
            .tagCreated(TagCreated(tag: tag, sha: sha, message: message, webURL: page, commit: commit)),
            in: project, at: time
        )
    }

    /// `tag.deleted`: `tag` disappeared; `lastSHA` is the commit glwatch last saw it at, `message` its annotation.
    public static func tagDeleted(
        project: ProjectRef,
        tag: String,
        lastSHA: String,
        message: String? = nil,
        at time: Date
    ) -> WatchEvent {
        let page = project.webURL.map { "\($0)/-/commit/\(lastSHA)" }
        return event(
            .tagDeleted(TagDeleted(tag: tag, lastSHA: lastSHA, message: message, webURL: page)),
            in: project, at: time
        )
    }
}
