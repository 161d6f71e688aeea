import DNSimCalendar
import DNSimCore
import DNSimPlatforms

extension ElectronDailyNotificationPlugin {
    /// What the plugin's timer callbacks capture: the occurrence a timer is for, handed back as
    /// it was armed when the timer fires (no text is written and parsed again).
    ///
    /// Its ``description`` is the tag the trace writes: `notify|localDate|plannedWallMillis|slot`
    /// for an occurrence's notification timer, `prefetch|localDate|slot` for its T–lead timer.
    public enum TimerTag: CustomStringConvertible, Sendable, Equatable {
        /// The notification timer of `slot`'s occurrence on `date`, planned at `planned` (wall ms).
        case notify(slot: String, date: LocalDate, planned: Int64)
        /// The T–lead prefetch timer of `slot`'s occurrence on `date`.
        case prefetch(slot: String, date: LocalDate)

        /// The tag as text, its fields separated by `|`.
        public var description: String {
            switch self {
            case .notify(let slot, let date, let planned):
                String.joining(
                    [ElectronPluginBuild.notifyTagPrefix, date.description, DecimalDigits.string(planned), slot],
                    separator: UInt8(ascii: "|"))
            case .prefetch(let slot, let date):
                String.joining([ElectronPluginBuild.prefetchTagPrefix, date.description, slot], separator: UInt8(ascii: "|"))
            }
        }
    }
}
