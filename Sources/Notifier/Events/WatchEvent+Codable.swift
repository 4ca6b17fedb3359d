import Foundation

/// The versioned JSON form of an event, which is also the webhook payload (version 1):
///
/// ```json
/// {
///   "version": 1,
///   "id": "3f5e…",
///   "type": "commits.new",
///   "timestamp": "2024-05-01T08:00:00.000Z",
///   "data": {
///     "project": {"instance": "gitlab.com", "id": 42, "path": "acme/api", "web_url": "…"},
///     "branch": "main",
///     "before": "…", "after": "…",
///     "commits": […], "total_commits": 3, "omitted_commits": 0
///   }
/// }
/// ```
///
/// The envelope (`type`, `timestamp`, `data`) follows the Standard Webhooks payload recommendation.
extension WatchEvent: Codable {
    enum CodingKeys: String, CodingKey {
        case version, id, type, timestamp, data
    }

    enum DataKeys: String, CodingKey {
        case project, branch
    }

    /// Decodes an event, rejecting payload versions newer than this library understands.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .version)
        guard version >= 1, version <= WatchEvent.schemaVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .version,
                in: container,
                debugDescription: "unsupported event version \(version) (this glwatch reads up to "
                    + "\(WatchEvent.schemaVersion))"
            )
        }
        let type = try container.decode(EventType.self, forKey: .type)
        let dataDecoder = try container.superDecoder(forKey: .data)
        let data = try dataDecoder.container(keyedBy: DataKeys.self)
        let details: EventDetails
        switch type {
        case .commitsNew: details = .commitsNew(try NewCommits(from: dataDecoder))
        case .contributorNew: details = .contributorNew(try NewContributor(from: dataDecoder))
        case .branchCreated: details = .branchCreated(try BranchCreated(from: dataDecoder))
        case .branchDeleted: details = .branchDeleted(try BranchDeleted(from: dataDecoder))
        case .branchForcePushed: details = .branchForcePushed(try BranchForcePushed(from: dataDecoder))
        case .tagCreated: details = .tagCreated(try TagCreated(from: dataDecoder))
        case .tagDeleted: details = .tagDeleted(try TagDeleted(from: dataDecoder))
        case .projectUnreachable: details = .projectUnreachable(try ProjectUnreachable(from: dataDecoder))
        case .projectStalled: details = .projectStalled(try ProjectStalled(from: dataDecoder))
        case .projectRecovered: details = .projectRecovered(try ProjectRecovered(from: dataDecoder))
        case .projectRenamed: details = .projectRenamed(try ProjectRenamed(from: dataDecoder))
        case .projectRemoved: details = .projectRemoved(try ProjectRemoved(from: dataDecoder))
        case .watcherLagging: details = .watcherLagging(try WatcherLagging(from: dataDecoder))
        case .instanceUnreachable: details = .instanceUnreachable(try InstanceUnreachable(from: dataDecoder))
        case .instanceRecovered: details = .instanceRecovered(try InstanceRecovered(from: dataDecoder))
        case .tokenExpiring: details = .tokenExpiring(try TokenExpiring(from: dataDecoder))
        }
        self.init(
            id: try container.decode(String.self, forKey: .id),
            occurredAt: try container.decode(Date.self, forKey: .timestamp),
            project: try data.decode(ProjectRef.self, forKey: .project),
            branch: try data.decodeIfPresent(String.self, forKey: .branch),
            details: details
        )
    }

    /// Encodes the event in its versioned JSON form.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(WatchEvent.schemaVersion, forKey: .version)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(occurredAt, forKey: .timestamp)
        let dataEncoder = container.superEncoder(forKey: .data)
        var data = dataEncoder.container(keyedBy: DataKeys.self)
        try data.encode(project, forKey: .project)
        try data.encodeIfPresent(branch, forKey: .branch)
        switch details {
        case .commitsNew(let details): try details.encode(to: dataEncoder)
        case .contributorNew(let details): try details.encode(to: dataEncoder)
        case .branchCreated(let details): try details.encode(to: dataEncoder)
        case .branchDeleted(let details): try details.encode(to: dataEncoder)
        case .branchForcePushed(let details): try details.encode(to: dataEncoder)
        case .tagCreated(let details): try details.encode(to: dataEncoder)
        case .tagDeleted(let details): try details.encode(to: dataEncoder)
        case .projectUnreachable(let details): try details.encode(to: dataEncoder)
        case .projectStalled(let details): try details.encode(to: dataEncoder)
        case .projectRecovered(let details): try details.encode(to: dataEncoder)
        case .projectRenamed(let details): try details.encode(to: dataEncoder)
        case .projectRemoved(let details): try details.encode(to: dataEncoder)
        case .watcherLagging(let details): try details.encode(to: dataEncoder)
        case .instanceUnreachable(let details): try details.encode(to: dataEncoder)
        case .instanceRecovered(let details): try details.encode(to: dataEncoder)
        case .tokenExpiring(let details): try details.encode(to: dataEncoder)
        }
    }

    /// The event's JSON form, with glwatch's payload conventions.
    public func jsonData() throws -> Data {
        try EventJSON.encoder().encode(self)
    }

    /// Decodes an event from its JSON form.
    public static func decode(json: Data) throws -> WatchEvent {
        try EventJSON.decoder().decode(WatchEvent.self, from: json)
    }
}
