import Foundation

/// The type-specific part of an event; the case decides the event's type, so the two can never disagree.
public enum EventDetails: Sendable, Hashable {
    /// `commits.new`
    case commitsNew(NewCommits)
    /// `contributor.new`
    case contributorNew(NewContributor)
    /// `branch.created`
    case branchCreated(BranchCreated)
    /// `branch.deleted`
    case branchDeleted(BranchDeleted)
    /// `branch.force_pushed`
    case branchForcePushed(BranchForcePushed)
    /// `tag.created`
    case tagCreated(TagCreated)
    /// `tag.deleted`
    case tagDeleted(TagDeleted)
    /// `project.unreachable`
    case projectUnreachable(ProjectUnreachable)
    /// `project.stalled`
    case projectStalled(ProjectStalled)
    /// `project.recovered`
    case projectRecovered(ProjectRecovered)
    /// `project.renamed`
    case projectRenamed(ProjectRenamed)
    /// `project.removed`
    case projectRemoved(ProjectRemoved)
    /// `watcher.lagging`
    case watcherLagging(WatcherLagging)
    /// `instance.unreachable`
    case instanceUnreachable(InstanceUnreachable)
    /// `instance.recovered`
    case instanceRecovered(InstanceRecovered)
    /// `token.expiring`
    case tokenExpiring(TokenExpiring)

    /// The event type this case stands for.
    public var type: EventType {
        switch self {
        case .commitsNew: .commitsNew
        case .contributorNew: .contributorNew
        case .branchCreated: .branchCreated
        case .branchDeleted: .branchDeleted
        case .branchForcePushed: .branchForcePushed
        case .tagCreated: .tagCreated
        case .tagDeleted: .tagDeleted
        case .projectUnreachable: .projectUnreachable
        case .projectStalled: .projectStalled
        case .projectRecovered: .projectRecovered
        case .projectRenamed: .projectRenamed
        case .projectRemoved: .projectRemoved
        case .watcherLagging: .watcherLagging
        case .instanceUnreachable: .instanceUnreachable
        case .instanceRecovered: .instanceRecovered
        case .tokenExpiring: .tokenExpiring
        }
    }

    /// The commit list of events that bring commits (`commits.new`, `branch.force_pushed`).
    public var commitList: CommitList? {
        switch self {
        case .commitsNew(let details): details.commits
        case .branchForcePushed(let details): details.commits
        default: nil
        }
    }

    /// The commits rule conditions look at: the new commits, a new contributor's first commit, or a new
    /// branch's or new tag's commit; empty for events about projects and the watcher.
    public var commits: [Commit] {
        switch self {
        case .commitsNew(let details): details.commits.commits
        case .branchForcePushed(let details): details.commits.commits
        case .contributorNew(let details): [details.commit]
        case .branchCreated(let details): details.commit.map { [$0] } ?? []
        case .tagCreated(let details): details.commit.map { [$0] } ?? []
        default: []
        }
    }

    /// How many commits the event is about (the total, not only those kept in a truncated list).
    public var commitCount: Int {
        switch self {
        case .commitsNew(let details): details.commits.totalCount
        case .branchForcePushed(let details): details.commits.totalCount
        default: commits.count
        }
    }

    /// The values that define this event's identity, besides its type, project and branch (see `EventID`).
    public var identityParts: [String] {
        switch self {
        case .commitsNew(let details): [details.before ?? "", details.after]
        case .contributorNew(let details): [details.contributor.email.lowercased()]
        case .branchCreated(let details): [details.head]
        case .branchDeleted(let details): [details.lastHead]
        case .branchForcePushed(let details): [details.oldHead, details.newHead]
        case .tagCreated(let details): [details.tag, details.sha]
        case .tagDeleted(let details): [details.tag, details.lastSHA]
        case .projectUnreachable(let details): [EventID.part(details.since)]
        case .projectStalled(let details): [EventID.part(details.since)]
        case .projectRecovered(let details): [EventID.part(details.unreachableSince)]
        case .projectRenamed(let details): [details.oldPath, details.newPath]
        case .projectRemoved(let details): [details.reason] + details.lastHeads.sorted { $0.key < $1.key }.map(\.value)
        case .watcherLagging(let details): [details.lastPollAt.map(EventID.part) ?? "never"]
        case .instanceUnreachable(let details): [EventID.part(details.since)]
        case .instanceRecovered(let details): [EventID.part(details.unreachableSince)]
        case .tokenExpiring(let details): [details.tokenName, EventID.part(details.expiresAt)]
        }
    }
}
