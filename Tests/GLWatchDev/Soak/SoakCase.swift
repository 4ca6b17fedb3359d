/// The scripted cases of issue 12 ("Nothing lost"), each with when it happens after the first `glwatch run`
/// starts. Each can be switched off (`glwatch-dev bench soak --without CASE`) while its fix is missing; the report
/// lists which ran.
enum SoakCase: String, CaseIterable, Sendable, Comparable {
    /// A push 5 s after start: the baseline must be as of the start, not of a late first poll (case 3).
    case pushAfterStart = "push-after-start"
    /// A project created in the watched group once glwatch has discovered it, pushed to (3 commits by two new
    /// authors, a branch, then 250 commits): everything in it is announced, the large-push bound applies (case 4).
    case createdProject = "created-project"
    /// The first own commit by a person whose only earlier commit is a web-UI merge: a `contributor.new` (case 8).
    case webMergeContributor = "web-merge-contributor"
    /// One push of 2,500 commits under the faults: announced completely (case 2).
    case largePush = "large-push"
    /// A project archived right after a push: the push is announced (case 5).
    case archivedAfterPush = "archived-after-push"
    /// A project pushed to (announced), then pushed to and deleted right away: a `project.removed` (case 6); the
    /// last push may be lost (only timeliness could save it), so it is optional.
    case deletedAfterPush = "deleted-after-push"
    /// A branch deleted and created again (at an older commit) while glwatch is down: a deletion and a creation,
    /// never a `branch.force_pushed` (case 7).
    case recreatedWhileDown = "recreated-while-down"
    /// The token glwatch reads from its `token_file` is replaced by a new one and revoked, mid-run, without a
    /// restart (issue 19): nothing is lost.
    case tokenRotation = "token-rotation"

    /// Seconds after the first start when the case happens (`recreatedWhileDown`: at the first kill after it;
    /// `createdProject`: not before glwatch logged its first cycle).
    var atSeconds: Int {
        switch self {
        case .pushAfterStart: 5
        case .createdProject: 8
        case .webMergeContributor: 10
        case .largePush: 12
        case .archivedAfterPush: 15
        case .deletedAfterPush: 18
        case .recreatedWhileDown: 20
        case .tokenRotation: 25
        }
    }

    /// Orders by time.
    static func < (lhs: SoakCase, rhs: SoakCase) -> Bool { (lhs.atSeconds, lhs.rawValue) < (rhs.atSeconds, rhs.rawValue) }
}
