import DNSimCore

/// One alarm held by the simulated AlarmManager.
public struct AndroidAlarm: Sendable {
    /// The clock a trigger time is measured on (A13).
    public enum ClockType: String, Sendable, CaseIterable {
        /// `RTC_WAKEUP`: wall-clock UTC milliseconds; wakes the device.
        case rtcWakeup
        /// `RTC`: wall-clock UTC milliseconds.
        case rtc
        /// `ELAPSED_REALTIME_WAKEUP`: milliseconds since boot; wakes the device.
        case elapsedRealtimeWakeup
        /// `ELAPSED_REALTIME`: milliseconds since boot.
        case elapsedRealtime

        /// Whether the trigger is on the wall clock.
        public var isWallClock: Bool { self == .rtcWakeup || self == .rtc }

        /// Whether the alarm wakes a sleeping device (the `_WAKEUP` types); the others wait
        /// until it wakes (A65).
        public var wakesDevice: Bool { self == .rtcWakeup || self == .elapsedRealtimeWakeup }
    }

    /// Which AlarmManager method set the alarm; it decides precision and permission.
    public enum Method: String, Sendable, CaseIterable {
        /// `set`: inexact (A3, A4).
        case set
        /// `setWindow`: within a one-sided window (A5).
        case setWindow
        /// `setExact` (A6).
        case setExact
        /// `setExactAndAllowWhileIdle` (A7).
        case setExactAndAllowWhileIdle
        /// `setAndAllowWhileIdle` (A8).
        case setAndAllowWhileIdle
        /// `setAlarmClock` (A9).
        case setAlarmClock

        /// Whether App Standby bucket quotas leave the alarm alone (A53): alarm clocks and every
        /// `FLAG_ALLOW_WHILE_IDLE` alarm, as AOSP `AlarmManagerService.isExemptFromAppStandby` says.
        public var isExemptFromAppStandby: Bool {
            self == .setAlarmClock || self == .setExactAndAllowWhileIdle || self == .setAndAllowWhileIdle
        }

        /// Whether the method needs the exact-alarm permission on API 31+ (A19).
        public var needsExactPermission: Bool {
            self == .setExact || self == .setExactAndAllowWhileIdle || self == .setAlarmClock
        }
    }

    /// A serial number unique within a run.
    public var serial: Int32
    /// The PendingIntent that identifies and carries the alarm.
    public var operation: AndroidPendingIntent
    /// The clock of ``triggerAtMillis``.
    public var type: ClockType
    /// The trigger in the clock's base (wall ms or elapsed ms).
    public var triggerAtMillis: Int64
    /// The window length for ``Method/setWindow`` (already stretched per A5), else 0.
    public var windowLengthMillis: Int64
    /// The method that set it.
    public var method: Method
    /// The delay within the window or batching allowance chosen when the alarm was set.
    public var deferralMillis: Int64
    /// The queued due event.
    public var dueEvent: EventHandle?
    /// The trace record of the `set` call.
    public var setRecord: Int32
}
