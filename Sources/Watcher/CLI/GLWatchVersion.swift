/// glwatch's version, as printed by `glwatch --version` and sent in the `User-Agent` header.
enum GLWatchVersion {
    /// The released version of this build.
    static let current = "0.1.0"
}
