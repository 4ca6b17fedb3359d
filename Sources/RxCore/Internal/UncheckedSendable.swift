/// Carries a non-`Sendable` value across a concurrency boundary where the Rx contract (serialized delivery,
/// one owner at a time) already guarantees exclusive access. Used only to hand closures to Dispatch.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
