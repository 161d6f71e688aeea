extension PluginPolicy {
    /// The decisions of the plugin's Electron side (seed 004 §8 "best-effort while running";
    /// facts E1–E3).
    public struct Electron: Sendable, Hashable {
        /// How the next occurrence is computed after one fires, and how a recovery steps passed
        /// occurrences: `add24Hours` is seed 003's arithmetic (S1), `calendarDay` the next local
        /// date's wall time.
        public var rollover: RolloverRule
        /// How stale content is kept from the user (seed 004 §4). Exposes S29 as `skipArming`.
        public var ttl: TTLEnforcement
        /// The stale action in force unless the app or the scenario sets one (seed 004: skip).
        public var staleActionDefault: FreshnessPolicy.StaleAction
        /// An occurrence found passed by at most this many minutes (a short sleep, a slow start)
        /// is still shown, late and once; older ones are reported missed. 0 is seed 000 §0.2's
        /// "scheduled_time < now ⇒ missed" (S30).
        public var missedGraceMinutes: Int
        /// What `app.whenReady()` does after registering the login item.
        public var launchRecovery: ElectronLaunchRecovery
        /// Whether a timer that fires is judged against the wall clock (E3: timers keep their
        /// delay across sleep, zone and clock changes).
        public var timerCheck: TimerCheck

        /// Creates the Electron decisions.
        public init(
            rollover: RolloverRule, ttl: TTLEnforcement, staleActionDefault: FreshnessPolicy.StaleAction,
            missedGraceMinutes: Int, launchRecovery: ElectronLaunchRecovery, timerCheck: TimerCheck
        ) {
            self.rollover = rollover
            self.ttl = ttl
            self.staleActionDefault = staleActionDefault
            self.missedGraceMinutes = missedGraceMinutes
            self.launchRecovery = launchRecovery
            self.timerCheck = timerCheck
        }
    }

    /// What the Electron app does at start.
    public enum ElectronLaunchRecovery: String, Sendable, CaseIterable {
        /// Nothing: the timers of the last process are gone (E1) and nothing is armed until the app
        /// schedules again.
        case none
        /// Passed occurrences reported missed (or shown late within the grace), every slot's timer
        /// re-armed — the same re-evaluation every profile runs on `resume`.
        case recover
    }

    /// How a fired timer is judged.
    public enum TimerCheck: String, Sendable, CaseIterable {
        /// Whatever the timer says: shown however late or early it fires.
        case trustTimer
        /// Against the wall clock: more than a second early (a zone or clock change) re-plans
        /// every slot as a start does; later than the grace (no `resume` heard) reports it
        /// missed. Recovery also looks back for a date a westward move made owed again since
        /// the slot was set up.
        case wallClock
    }
}
