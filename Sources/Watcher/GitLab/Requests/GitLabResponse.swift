import Foundation

/// A successful answer as the executor hands it to an endpoint.
struct GitLabResponse: Sendable {
    /// The status code.
    let status: Int
    /// Header fields.
    let headers: GitLabHTTPHeaders
    /// The body.
    let body: [UInt8]
    /// The URL that answered (after redirects).
    let url: URL
}
