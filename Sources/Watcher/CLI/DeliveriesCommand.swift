import ArgumentParser
import Foundation
import Notifier

/// `glwatch deliveries`: what is waiting to be sent, what failed for good, the attempt history, and re-queueing.
struct DeliveriesCommand: GLWatchCommand {
    static let configuration = CommandConfiguration(
        commandName: "deliveries",
        abstract: "List waiting and dead deliveries and their attempts; re-queue dead letters.",
        discussion: """
            Examples:

              glwatch deliveries                       # waiting (pending, failed) and dead deliveries
              glwatch deliveries --only dead --sink chat
              glwatch deliveries --attempts --delivery 12   # the attempt history of delivery 12
              glwatch deliveries --retry 12            # put dead letter 12 back in its sink's queue
              glwatch deliveries --retry-all --sink chat

            A dead letter is a delivery that failed permanently (say, HTTP 404: a deleted webhook) or ran out of \
            retries. Re-queued, it keeps its place in the order and its attempt history, and is sent by the next \
            `glwatch run` or `glwatch once`.

            Listing is read-only and safe beside a running watcher. Re-queueing writes to the state, and the \
            state has one writer: while `glwatch run` is active it refuses (naming the watcher's pid) — stop the \
            watcher, re-queue, start it again; or, with `metrics.admin_token_env` (or `_file`) configured, use the \
            Retry button of the status page, which re-queues through the running watcher.
            """
    )

    @OptionGroup var stateOptions: StateOptions

    @Option(help: ArgumentHelp("Only deliveries to this sink.", valueName: "sink"))
    var sink: String?

    @Option(
        help: ArgumentHelp(
            "Only deliveries in this state: pending, failed, dead or delivered (repeatable).",
            valueName: "state"
        ),
        completion: .list(DeliveryState.allCases.map(\.rawValue))
    )
    var only: [String] = []

    @Option(help: ArgumentHelp("Only deliveries of this event (id or unique prefix).", valueName: "event-id"))
    var event: String?

    @Flag(help: "Show the attempt history (newest first) instead of the deliveries.")
    var attempts = false

    @Option(help: ArgumentHelp("With --attempts: only the attempts of this delivery.", valueName: "id"))
    var delivery: Int64?

    @Option(help: ArgumentHelp("Re-queue this dead letter.", valueName: "id"))
    var retry: Int64?

    @Flag(help: "Re-queue every dead letter (of --sink only, when given).")
    var retryAll = false

    @Option(help: "At most this many rows.")
    var limit = 100

    @Flag(help: "Print JSON (a stable, versioned shape) instead of a table.")
    var json = false

    func validate() throws {
        for state in only where DeliveryState(rawValue: state) == nil {
            throw ValidationError("unknown delivery state \"\(state)\"; use pending, failed, dead or delivered")
        }
        if retry != nil, retryAll { throw ValidationError("give either --retry ID or --retry-all, not both") }
        if retry != nil || retryAll, attempts { throw ValidationError("--attempts only lists; drop it to re-queue") }
        if delivery != nil, !attempts { throw ValidationError("--delivery goes with --attempts") }
        guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
    }

    func execute(in context: CommandContext) async throws {
        if let retry {
            try await StateAccess.withAdminState(stateOptions, action: "re-queueing a dead letter", in: context) {
                store, target in
                do {
                    try await store.requeueDeadLetter(retry, now: context.now())
                } catch let error as StateStoreError {
                    throw CLIError(error.description)
                }
                try context.print("re-queued dead letter \(retry); \(target.whoSends())")
            }
            return
        }
        if retryAll {
            try await StateAccess.withAdminState(stateOptions, action: "re-queueing dead letters", in: context) {
                store, target in
                let count = try await store.requeueDeadLetters(sink: sink, now: context.now())
                let scope = sink.map { " of sink \($0)" } ?? ""
                try context.print(
                    count == 0
                        ? "no dead letters\(scope) to re-queue"
                        : "re-queued \(count) dead letter\(count == 1 ? "" : "s")\(scope); "
                            + target.whoSends(plural: true)
                )
            }
            return
        }
        try await StateAccess.withReadableState(stateOptions, in: context) { state, _ in
            let store = state.store
            var eventID: String?
            if let event { eventID = try await EventReference.resolve(event, in: store) }
            if attempts {
                let records = try await store.attempts(
                    AttemptFilter(deliveryID: delivery, eventID: eventID, sink: sink, limit: limit)
                )
                try print(attempts: records.map(DeliveriesReport.Attempt.init), in: context)
            } else {
                let states =
                    only.isEmpty ? DeliveryState.undelivered.union([.dead]) : Set(only.compactMap(DeliveryState.init))
                let records = try await store.deliveries(
                    DeliveryFilter(sink: sink, states: states, eventID: eventID, limit: limit)
                )
                try print(deliveries: records.map(DeliveriesReport.Delivery.init), in: context)
            }
        }
    }

    private func print(deliveries: [DeliveriesReport.Delivery], in context: CommandContext) throws {
        if json { return try context.print(try CLIText.json(DeliveriesReport(deliveries: deliveries))) }
        guard !deliveries.isEmpty else { return try context.print("no deliveries matching the filters") }
        let now = context.now()
        var rows = [["ID", "STATE", "SINK", "EVENT", "TYPE", "PROJECT", "ATTEMPTS", "WHEN", "LAST ERROR"]]
        for item in deliveries {
            let when: String
            switch item.state {
            case "dead": when = "dead " + CLIText.age(of: item.deadAt, now: now)
            case "delivered": when = "sent " + CLIText.age(of: item.deliveredAt, now: now)
            default: when = "next " + CLIText.age(of: item.nextAttemptAt, now: now)
            }
            let status = item.lastHTTPStatus.map { "HTTP \($0): " } ?? ""
            rows.append([
                String(item.id), item.state, item.sink, EventReference.short(item.eventID), item.eventType,
                item.projectKey, String(item.attempts), when, item.lastError.map { status + $0 } ?? "-",
            ])
        }
        for line in CLIText.table(rows) { try context.print(line) }
    }

    private func print(attempts: [DeliveriesReport.Attempt], in context: CommandContext) throws {
        if json { return try context.print(try CLIText.json(DeliveriesReport(attempts: attempts))) }
        guard !attempts.isEmpty else { return try context.print("no delivery attempts matching the filters") }
        var rows = [["AT", "DELIVERY", "SINK", "EVENT", "OUTCOME", "HTTP", "ERROR"]]
        for item in attempts {
            let outcome = item.retryAt.map { "retry at \(CLIText.time($0))" } ?? item.outcome
            rows.append([
                CLIText.time(item.at), String(item.deliveryID), item.sink, EventReference.short(item.eventID),
                outcome, item.httpStatus.map(String.init) ?? "-", item.error ?? "-",
            ])
        }
        for line in CLIText.table(rows) { try context.print(line) }
    }
}
