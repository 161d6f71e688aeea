import DNSimCore

/// The alarms AlarmManager holds, keyed as the system keys them: at most one per PendingIntent
/// identity (request code + `filterEquals`), so setting an equal PendingIntent replaces (A12).
///
/// Iteration follows the order the alarms were set (a replacement goes to the end), as the
/// trace requires; lookup by identity or by the serial a due event carries is O(1), and so is
/// removal (amortised), however many alarms a run has set.
struct AndroidAlarmTable {
    private var byIdentity = InsertionOrderedMap<AndroidPendingIntent.Identity, AndroidAlarm>()
    /// The identity of each held alarm, by serial (keyed cheaply: ``IntegerKey``).
    private var identityBySerial: [IntegerKey: AndroidPendingIntent.Identity] = [:]

    /// The alarms, in the order they were set.
    var alarms: [AndroidAlarm] { byIdentity.values }
    /// How many alarms are held.
    var count: Int { byIdentity.count }

    /// The alarm held for `identity`.
    subscript(identity: AndroidPendingIntent.Identity) -> AndroidAlarm? { byIdentity[identity] }

    /// The identity of the held alarm with `serial`, if it is still held.
    func identity(ofSerial serial: Int32) -> AndroidPendingIntent.Identity? { identityBySerial[IntegerKey(serial)] }

    /// Holds `alarm` for its identity, after every other alarm; an alarm that identity held is
    /// dropped (a replacement goes to the end, A12).
    mutating func set(_ alarm: AndroidAlarm) {
        let identity = alarm.operation.identity
        if let replaced = byIdentity.moveToEnd(alarm, for: identity) { identityBySerial[IntegerKey(replaced.serial)] = nil }
        identityBySerial[IntegerKey(alarm.serial)] = identity
    }

    /// Removes and returns the alarm held for `identity`.
    mutating func remove(_ identity: AndroidPendingIntent.Identity) -> AndroidAlarm? {
        guard let alarm = byIdentity.removeValue(forKey: identity) else { return nil }
        identityBySerial[IntegerKey(alarm.serial)] = nil
        return alarm
    }

    /// Removes the alarms that satisfy `shouldRemove`; returns them in the order they were set.
    @discardableResult
    mutating func removeAll(where shouldRemove: (AndroidAlarm) -> Bool) -> [AndroidAlarm] {
        let removed = byIdentity.removeAll(where: shouldRemove)
        for alarm in removed { identityBySerial[IntegerKey(alarm.serial)] = nil }
        return removed
    }

    /// Removes every alarm.
    mutating func removeAll() {
        byIdentity.removeAll()
        identityBySerial.removeAll()
    }

    /// Mutates the alarm held for `identity` in place.
    mutating func update(_ identity: AndroidPendingIntent.Identity, _ body: (inout AndroidAlarm) -> Void) {
        byIdentity.update(identity, body)
    }

    /// Mutates every alarm in place, in the order they were set; `body` must not reach the table.
    mutating func updateEach(_ body: (inout AndroidAlarm) -> Void) {
        byIdentity.updateEach(body)
    }
}
