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

    /// Why a run stopped, with a pointer to `--max-events` when the event guard tripped.
    static func explain(_ error: any Error) -> String {
        guard case .eventLimitExceeded(let limit, _)? = error as? SimulationError else {
            return "\(error)"
        }
        return "\(error); the event limit is \(limit) (--max-events, default \(RunOptions.defaultMaxEvents)): "
            + "raise it with --max-events N if the run is meant to be this busy"
    }
}
