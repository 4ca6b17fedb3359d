import Foundation

extension Date {
    /// The date as the store keeps it: whole milliseconds since 1970 (UTC), rounded to the nearest.
    package var storeMillis: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }

    /// A date read back from the store's milliseconds since 1970.
    init(storeMillis: Int64) {
        self.init(timeIntervalSince1970: TimeInterval(storeMillis) / 1000)
    }
}
