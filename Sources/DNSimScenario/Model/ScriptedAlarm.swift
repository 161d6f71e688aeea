import DNSimCalendar
import DNSimCore
import DNSimPlatforms

/// An AlarmManager call made by the scripted test app (a `setAlarm` step), as any Android app
/// would make it: the method, the clock, the trigger and, for `setWindow`, the window. It lets a
/// scenario check the OS model against the platform's own tests without the plugin.
public struct ScriptedAlarm: Sendable, Equatable {
    /// When the alarm is to go off.
    public enum Trigger: Sendable, Equatable {
        /// A wall time in the device's zone (RTC clocks; for ELAPSED clocks, that wall time's
        /// distance from the step becomes the elapsed-time trigger).
        case at(LocalDateTime)
        /// This long after the step, on the alarm's clock (negative: in the past).
        case after(SimDuration)
    }

    /// The alarm's id in the scenario (its PendingIntent: one per id, as `filterEquals` sees it).
    public var id: String
    /// The AlarmManager method.
    public var method: AndroidAlarm.Method
    /// The clock the trigger is on (`setAlarmClock` is always RTC_WAKEUP).
    public var type: AndroidAlarm.ClockType
    /// The trigger.
    public var trigger: Trigger
    /// `setWindow`'s window length.
    public var window: SimDuration

    /// Creates a scripted alarm.
    public init(id: String, method: AndroidAlarm.Method, type: AndroidAlarm.ClockType, trigger: Trigger, window: SimDuration = .zero) {
        self.id = id
        self.method = method
        self.type = type
        self.trigger = trigger
        self.window = window
    }

    /// The Intent action of the test app's alarms (the plugin ignores it).
    public static let action = "dev.dnsim.testapp.ALARM"
    /// The extra that carries the alarm's id.
    public static let idExtra = "testAlarm"

    /// The alarm's PendingIntent: request code from the id, so `cancelAlarm` finds it again.
    public static func pendingIntent(id: String) -> AndroidPendingIntent {
        AndroidPendingIntent(
            requestCode: Int(truncatingIfNeeded: FNV1a.hash64(id) & 0x7FFF_FFFF),
            intent: AndroidIntent(action: action, extras: [AndroidExtra(idExtra, id)]))
    }
}
