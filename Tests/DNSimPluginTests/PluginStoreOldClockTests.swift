import DNSimCalendar
import DNSimCore
@testable import DNSimPlugin
import Testing

/// ``PluginStore/oldClockReading(movingTo:at:)``: after a move, what the zone the plugin last ran
/// in reads now, so a recovery can tell a date-time the old clock already passed.
@Suite("Plugin store: the old clock after a move")
struct PluginStoreOldClockTests {
    @Test func afterAMoveWestAcrossTheDateLineTheOldClockIsADayAhead() throws {
        let kiritimati = try #require(Zone(identifier: "Pacific/Kiritimati"))
        let pagoPago = try #require(Zone(identifier: "Pacific/Pago_Pago"))
        let before = try #require(kiritimati.instant(for: LocalDateTime(parsing: "2027-02-22T12:00")!)).millisecondsSinceEpoch
        let now = try #require(kiritimati.instant(for: LocalDateTime(parsing: "2027-02-24T04:40")!)).millisecondsSinceEpoch
        var store = PluginStore()
        #expect(store.oldClockReading(movingTo: pagoPago, at: now) == nil, "no run noted yet")
        store.noteRun(in: kiritimati.identifier, at: before)
        // Pago Pago reads 02-23 03:40; the old clock reads 02-24 04:40, past 02-23 03:39.
        let old = try #require(store.oldClockReading(movingTo: pagoPago, at: now))
        #expect(old == LocalDateTime(parsing: "2027-02-24T04:40")!)
        #expect(LocalDateTime(parsing: "2027-02-23T03:39")! <= old)
        #expect(pagoPago.localDateTime(at: SimInstant(millisecondsSinceEpoch: now)) == LocalDateTime(parsing: "2027-02-23T03:40")!)
        // No move, no old clock.
        #expect(store.oldClockReading(movingTo: kiritimati, at: now) == nil)
    }
}
