/// A replica's proof that it still holds a project's lease: the lease's fencing counter as of its claim.
///
/// Several glwatch replicas on one PostgreSQL database split the projects between them with leases
/// (`ReplicaLeases`). Every claim of a project's lease increments its fencing counter, so a replica that paused
/// past its lease (a long GC-free stall, a frozen VM) while another claimed the project holds an old token: a
/// `StateChange` carrying it is refused (`StateStoreError.leaseLost`) and writes nothing.
package struct ProjectFence: Sendable, Hashable {
    /// The leased project.
    package var project: ProjectKey
    /// The lease's fencing counter when this replica claimed it.
    package var token: Int64
}
