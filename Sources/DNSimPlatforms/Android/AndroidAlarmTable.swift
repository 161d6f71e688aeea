import DNSimCore

/// The alarms AlarmManager holds, keyed as the system keys them: at most one per PendingIntent
/// identity (request code + `filterEquals`), so setting an equal PendingIntent replaces (A12).
///
/// Iteration follows the order the alarms were set (a replacement goes to the end), as the
/// trace requires; lookup by identity or by the serial a due event carries is O(1), and so is
/// removal (amortised), however many alarms a run has set.
struct AndroidAlarmTable {
    /// Where a held alarm stands in the table, for the calls that look an alarm up and then
    /// change it: valid while that alarm (``serial``) is held, whatever else is set or removed.
    struct Position {
        fileprivate let slot: Int
        /// The serial of the alarm held there.
        let serial: Int32
    }

    private var byIdentity = InsertionOrderedMap<AndroidPendingIntent.Identity, AndroidAlarm>()
    /// The slot of each held alarm, by serial (keyed cheaply: ``IntegerKey``).
    private var slotBySerial: [IntegerKey: Int32] = [:]

    /// The alarms, in the order they were set.
    var alarms: [AndroidAlarm] { byIdentity.values }
    /// How many alarms are held.
    var count: Int { byIdentity.count }

    /// The alarm held for `identity`.
    subscript(identity: AndroidPendingIntent.Identity) -> AndroidAlarm? { byIdentity[identity] }

    /// The alarm held at `position`.
    subscript(position: Position) -> AndroidAlarm { check(position, byIdentity.value(inSlot: position.slot)) }

    /// Where the alarm held for `identity` stands.
    @inline(__always)
    func position(of identity: AndroidPendingIntent.Identity) -> Position? {
        byIdentity.slot(forKey: identity).map { slot in Position(slot: slot, serial: byIdentity.read(inSlot: slot) { $0.serial }) }
    }

    /// Where the alarm with `serial` stands, if it is still held.
    func position(ofSerial serial: Int32) -> Position? {
        slotBySerial[IntegerKey(serial)].map { Position(slot: Int($0), serial: serial) }
    }

    /// Holds `alarm` for its identity, after every other alarm. `replacing` is where the alarm
    /// that identity held stands (``position(of:)``), `nil` when it held none: that alarm is
    /// dropped (a replacement goes to the end, A12).
    mutating func set(_ alarm: AndroidAlarm, replacing held: Position?) {
        let slot: Int
        if let held {
            let replaced = byIdentity.moveToEnd(alarm, inSlot: held.slot)
            precondition(replaced.serial == held.serial, "a stale alarm position")
            assert(replaced.operation.identity == alarm.operation.identity, "the position of another identity's alarm")
            slotBySerial[IntegerKey(replaced.serial)] = nil
            slot = held.slot
        } else {
            slot = byIdentity.appendAbsent(alarm, for: alarm.operation.identity)
        }
        slotBySerial[IntegerKey(alarm.serial)] = Int32(slot)
    }

    /// Removes and returns the alarm held at `position`.
    mutating func remove(at position: Position) -> AndroidAlarm {
        let alarm = check(position, byIdentity.remove(inSlot: position.slot))
        slotBySerial[IntegerKey(alarm.serial)] = nil
        return alarm
    }

    /// Mutates the alarm held at `position` in place (not its serial or operation).
    mutating func update(at position: Position, _ body: (inout AndroidAlarm) -> Void) {
        byIdentity.update(inSlot: position.slot) { alarm in
            precondition(alarm.serial == position.serial, "a stale alarm position")
            body(&alarm)
        }
    }

    /// `alarm`, checked to be the one `position` names.
    private func check(_ position: Position, _ alarm: AndroidAlarm) -> AndroidAlarm {
        precondition(alarm.serial == position.serial, "a stale alarm position")
        return alarm
    }

    /// Removes and returns the alarm held for `identity`.
    mutating func remove(_ identity: AndroidPendingIntent.Identity) -> AndroidAlarm? {
        guard let alarm = byIdentity.removeValue(forKey: identity) else { return nil }
        slotBySerial[IntegerKey(alarm.serial)] = nil
        return alarm
    }

    /// Removes the alarms that satisfy `shouldRemove`; returns them in the order they were set.
    @discardableResult
    mutating func removeAll(where shouldRemove: (AndroidAlarm) -> Bool) -> [AndroidAlarm] {
        let removed = byIdentity.removeAll(where: shouldRemove)
        for alarm in removed { slotBySerial[IntegerKey(alarm.serial)] = nil }
        return removed
    }

    /// Removes every alarm.
    mutating func removeAll() {
        byIdentity.removeAll()
        slotBySerial.removeAll()
    }

    /// Mutates every alarm in place, in the order they were set; `body` must not reach the table.
    mutating func updateEach(_ body: (inout AndroidAlarm) -> Void) {
        byIdentity.updateEach(body)
    }
}
