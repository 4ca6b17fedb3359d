/// Deterministic object ids for the fake's commits.
///
/// The same builder calls always give the same SHAs, so test failures reproduce.
///
/// SHA-1 repositories get 40 hex digits, SHA-256 ones 64 (clients must not assume 40).
enum FakeSHA {
    /// The id of commit number `sequence` of project `project`, `length` hex digits long.
    static func make(project: Int64, sequence: Int, salt: String, length: Int) -> String {
        var state = UInt64(bitPattern: project) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(sequence) &* 0xBF58_476D_1CE4_E5B9
        for byte in salt.utf8 { state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        var hex = ""
        hex.reserveCapacity(length + 16)
        while hex.count < length {
            state = splitMix(&state)
            let chunk = String(state, radix: 16)
            hex += String(repeating: "0", count: 16 - chunk.count) + chunk
        }
        return String(hex.prefix(length))
    }

    private static func splitMix(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
