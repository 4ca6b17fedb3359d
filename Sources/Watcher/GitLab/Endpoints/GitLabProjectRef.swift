/// A project, by numeric id or by full path (`group/subgroup/project`).
public typealias GitLabProjectRef = GitLabRef<GitLabProjectRefKind>

/// A group, by numeric id or by full path (`group/subgroup`).
public typealias GitLabGroupRef = GitLabRef<GitLabGroupRefKind>

/// A user, by numeric id or by username (`.username("alice")`, or a string literal).
public typealias GitLabUserRef = GitLabRef<GitLabUserRefKind>
