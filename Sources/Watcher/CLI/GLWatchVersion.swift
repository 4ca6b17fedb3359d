/// glwatch's version, as printed by `glwatch --version` and sent in the `User-Agent` header.
package enum GLWatchVersion {
    /// The released version of this build.
    package static let current = "0.1.0"
}
