import DNSimCalendar
import DNSimCore
import DNSimScenario

/// The `--max-events` option of `run` and `matrix`: the event guard of every run
/// (``RunOptions/maxEvents``), and the message when it trips.
enum EventLimit {
    /// What `--max-events` expects, for messages.
    static let expected = "a positive number of events (default \(RunOptions.defaultMaxEvents))"

    /// The limit `text` asks for, or `nil` when it is not a positive integer.
    static func parse(_ text: String) -> Int? {
        guard let value = Int(text), value > 0 else { return nil }
        return value
    }

    /// Why a run of `scenario` stopped; when the event guard tripped, with the instant in the
    /// scenario's zone, the limit and the option that sets it.
    static func explain(_ error: any Error, in scenario: Scenario) -> String {
        guard case .eventLimitExceeded(let limit, let at)? = error as? SimulationError else { return "\(error)" }
        return "the run dispatched more than \(limit) events by \(ISO8601.format(at, in: scenario.zone)) "
            + "(--max-events \(limit); default \(RunOptions.defaultMaxEvents)): a scenario step or model is probably "
            + "rescheduling itself without end; if the run is meant to be this busy, raise the limit with --max-events N"
    }
}
