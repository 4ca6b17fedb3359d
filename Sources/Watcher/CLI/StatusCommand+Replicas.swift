import Foundation
import Notifier

extension StatusCommand {
    /// How many waiting projects the text lists (`--json` lists up to `StatusReport.waitingListLimit`).
    static let waitingTextLimit = 10

    /// The replicas' section: a table of the live replicas, then the leader when the table does not show it, then
    /// the leases and the projects waiting to be claimed, then what the leader published (and how long ago). Ids and paths come from the database, so they are
    /// printed with control characters escaped (`CLIText.printable`).
    static func text(_ replicas: StatusReport.Replicas, now: Date) -> [String] {
        var lines: [String] = []
        if replicas.live.isEmpty {
            lines.append("no live replica: none has beaten its heartbeat within the lease period")
        } else {
            var rows = [["REPLICA", "STARTED", "LAST HEARTBEAT", "LEASES", "LEADER"]]
            for replica in replicas.live {
                let leader = replica.leader ? replicas.leader.map { "until " + Self.until($0.until, now: now) } : nil
                rows.append([
                    CLIText.printable(replica.id), CLIText.age(of: replica.startedAt, now: now),
                    CLIText.age(of: replica.lastHeartbeatAt, now: now), String(replica.leases), leader ?? "-",
                ])
            }
            lines += CLIText.table(rows)
        }
        switch replicas.leader {
        case nil:
            lines.append("leader: none yet")
        case let leader? where leader.expired:
            lines.append(
                "leader: none: the lease of \(CLIText.printable(leader.replica)) expired "
                    + CLIText.age(of: leader.until, now: now) + "; the next replica round takes it"
            )
        case let leader? where !replicas.live.contains(where: { $0.id == leader.replica }):
            // Held, but by a replica whose heartbeat expired (it stalled): shown here, since the table omits it.
            lines.append(
                "leader: \(CLIText.printable(leader.replica)) (heartbeat expired) until "
                    + until(leader.until, now: now)
            )
        default:
            break
        }
        let leases = replicas.leases
        lines.append("leases: \(leases.held) held, \(leases.waiting) waiting to be claimed")
        for waiting in leases.waitingProjects.prefix(waitingTextLimit) {
            let name = waiting.path.map { "\(CLIText.printable($0)) (\(CLIText.printable(waiting.key)))" }
                ?? CLIText.printable(waiting.key)
            let why: String
            if let owner = waiting.expiredOwner {
                why = "lease of \(CLIText.printable(owner)) expired " + CLIText.age(of: waiting.expiredAt, now: now)
            } else {
                why = "not held (given back or never claimed)"
            }
            lines.append("  \(name)  \(why)")
        }
        let unlisted = leases.waiting - min(leases.waitingProjects.count, waitingTextLimit)
        if unlisted > 0 {
            lines.append("  … and \(unlisted) more (`--json` lists up to \(StatusReport.waitingListLimit))")
        }
        if !replicas.published.isEmpty {
            var rows = [["PUBLISHED BY THE LEADER", "WRITTEN", "BY"]]
            for note in replicas.published {
                rows.append([
                    CLIText.printable(note.name), CLIText.age(of: note.writtenAt, now: now),
                    CLIText.printable(note.writtenBy),
                ])
            }
            lines += CLIText.table(rows)
        }
        return lines
    }

    /// A future time as `26s from now` (a past one as `3s ago`).
    private static func until(_ date: Date, now: Date) -> String {
        guard date > now else { return CLIText.age(of: date, now: now) }
        return DurationParser.format(date.timeIntervalSince(now).rounded()) + " from now"
    }
}
