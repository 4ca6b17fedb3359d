import Synchronization

extension Task where Success == Void, Failure == Never {
    /// Whether the task ends within `limit`; when it does not, it is left running and `false` comes back at the
    /// limit. For waits that must stay bounded although the task may not end on cancellation (a stop waiting for the
    /// delivery service, the soak waiting for its lease observer).
    package func ends(within limit: Duration) async -> Bool {
        let answered = Atomic<Bool>(false)
        return await withCheckedContinuation { continuation in
            let answer = { @Sendable (ended: Bool) in
                if !answered.exchange(true, ordering: .sequentiallyConsistent) { continuation.resume(returning: ended) }
            }
            let timer = Task<Void, Never> {
                try? await Task<Never, Never>.sleep(for: limit)
                answer(false)
            }
            Task<Void, Never> {
                await self.value
                timer.cancel()
                answer(true)
            }
        }
    }
}
