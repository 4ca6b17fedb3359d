extension FakeAPI {
    /// `GET /user`: the caller; 401 when anonymous.
    func currentUser() -> FakeResponse {
        guard let id = caller.userID, let user = world.users[id] else { return .unauthorized }
        return renderer.user(user, full: true).response
    }
}
