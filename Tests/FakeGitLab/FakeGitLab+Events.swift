/// Event timing: when push events become visible to the events endpoints.
extension FakeGitLab {
    /// The visibility delay given to each event recorded from now on (`.immediate` by default); events already
    /// recorded keep theirs. Set `.delayed(by:)` around one push to make its event appear late, or
    /// `.shuffled(upTo:seed:)` for a run where every event's visibility is shuffled.
    public var eventVisibility: FakeEventVisibility {
        get { store.read { $0.eventVisibility } }
        set { store.write { $0.eventVisibility = newValue } }
    }
}
