import Foundation

/// The commit a watched branch pointed at when glwatch last looked.
package struct BranchHead: Sendable, Hashable, Codable {
    /// The branch name, such as `main` or `release/1.2`.
    package var branch: String
    /// The head commit's SHA (lowercase hex).
    package var sha: String
    /// When the store recorded this head.
    package var updatedAt: Date
}
