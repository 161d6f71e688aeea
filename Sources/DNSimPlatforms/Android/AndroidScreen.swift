import DNSimCore

/// The screen (interactive) state and the non-wakeup alarms that wait for the device to wake
/// (A63–A65), as plain state.
///
/// The screen stands for awake: with it off the device is asleep, except at the instants
/// something wakes it (one of the app's wakeup alarms, a Doze maintenance window).
public struct AndroidScreen: Sendable {
    /// Whether the screen is on. A device starts with it on, and booting turns it on.
    public internal(set) var isOn = true
    /// The last instant something woke the device while the screen was off; non-wakeup alarms
    /// due then go out with it (A65).
    var wokeAt: SimInstant?
    /// Where the non-wakeup alarms held until the device wakes (A65) stand, in the order they
    /// were held.
    var heldUntilAwake: [AndroidAlarmTable.Position] = []
}
