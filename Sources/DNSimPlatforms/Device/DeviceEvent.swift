import DNSimCore

/// Everything that can be due on a simulated device's timeline: the payload of the engine's
/// event queue.
///
/// A closed enum keeps the event loop free of boxing: each case carries small values only.
public enum DeviceEvent: Sendable, Equatable {
    /// Scripted input from outside the device (a scenario step), by its index.
    case input(Int32)
    /// An event owned by the Android model.
    case android(AndroidEvent)
    /// An event owned by the iOS model.
    case ios(IOSEvent)
    /// An event owned by the Electron model.
    case electron(ElectronEvent)
}

/// Events that the iOS model schedules for itself.
public enum IOSEvent: Sendable, Equatable {
    /// The pending notification request with this serial is due.
    case notificationDue(serial: Int32)
    /// The system decides to launch the background task request with this serial.
    case taskLaunch(serial: Int32)
    /// The running background task with this serial finishes or expires.
    case taskEnd(serial: Int32)
    /// The device finishes booting.
    case bootFinished
    /// Local midnight or a DST transition: `significantTimeChangeNotification` (I13).
    case significantTimeChange
}

/// Events that the Electron model schedules for itself.
public enum ElectronEvent: Sendable, Equatable {
    /// The app timer (`setTimeout`) with this id is due.
    case timerDue(id: Int32)
    /// The machine finishes booting; the login screen is up, no user session yet (E2).
    case bootFinished
    /// The user logs in (scheduled when a reboot step says when, E2).
    case userLogin
}

/// Events that the Android model schedules for itself.
public enum AndroidEvent: Sendable, Equatable {
    /// The alarm with this serial number, held in this slot of the alarm table, is due (the
    /// slot finds it without a look-up; the serial tells whether it is still the one held there).
    case alarmDue(slot: Int32, serial: Int32)
    /// The device finishes booting after a reboot or power-on.
    case bootFinished
    /// The user unlocks the device (scheduled when a reboot step says when).
    case userUnlock
    /// A Doze maintenance window opens (`start == true`) or closes.
    case maintenanceWindow(start: Bool)
    /// The device enters deep Doze after the idle timeout.
    case enterIdle
    /// A WorkManager job becomes due (its constraints are then checked).
    case workDue(serial: Int32)
    /// A running worker reaches the 10-minute execution limit or finishes.
    case workFinished(serial: Int32)
    /// The OS checks whether the app has gone unused long enough to restrict it.
    case unusedAppCheck
    /// The device zone's UTC offset changes (a DST transition): no broadcast (A16).
    case zoneTransition
}
