import DNSimCalendar

/// The time settings every simulated device exposes to the outside world (the user, the network):
/// its clocks, a wall-clock change, and a time-zone change. Each OS model decides what the change
/// does to its alarms, triggers or timers.
public protocol DeviceTimeSettings: AnyObject {
    /// The device's clocks.
    var clock: DeviceClock { get }
    /// The wall clock is set to `wallMillis`, by the user (`manual`) or the network (`network`).
    func setWallClock(toWallMillis wallMillis: Int64, source: String)
    /// The device's zone changes.
    func setTimeZone(_ zone: Zone)
}

extension AndroidSystem: DeviceTimeSettings {}
extension IOSSystem: DeviceTimeSettings {}
extension ElectronSystem: DeviceTimeSettings {}
