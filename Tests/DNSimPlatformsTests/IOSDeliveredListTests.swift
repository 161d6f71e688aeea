import DNSimCore
import DNSimPlatforms
import Testing

/// Notification Center's delivered list under taps (I6, I9): indexed by identifier, it must keep
/// the order and the fallbacks of a plain list.
struct IOSDeliveredListTests {
    @Test("I6: a tap removes every delivery of its identifier; an unknown or no identifier takes the newest")
    func tapsPruneByIdentifier() throws {
        let device = IOSDevice()
        device.add(.interval("r", seconds: 60, repeats: true))
        try device.run(for: .seconds(30))
        device.add(.interval("a", seconds: 60))
        try device.run(for: .seconds(170))
        #expect(device.deliveredIDs == ["r", "a", "r", "r"])

        device.system.tapNotification(identifier: "r")
        #expect(device.deliveredIDs == ["a"])
        try device.run(for: .seconds(40))
        #expect(device.deliveredIDs == ["a", "r"])
        device.system.tapNotification(identifier: "unknown")
        #expect(device.recorder.entries.last == .didReceive("r"))
        #expect(device.deliveredIDs == ["a"])
        device.system.tapNotification(identifier: nil)
        #expect(device.recorder.entries.last == .didReceive("a"))
        #expect(device.deliveredIDs.isEmpty)
        device.system.tapNotification(identifier: nil)
        #expect(device.records("tap.ignored").count == 1)
    }

    @Test("I9: the list keeps delivery order through many taps")
    func manyTapsKeepOrder() throws {
        let device = IOSDevice()
        for k in 0..<60 { device.add(.interval("n\(k)", seconds: 60 * Int64(k + 1))) }
        try device.run(for: .hours(2))
        var expected = (0..<60).map { "n\($0)" }
        #expect(device.deliveredIDs == expected)
        for k in Array(stride(from: 0, to: 60, by: 3)) + Array(stride(from: 59, to: 40, by: -1)) {
            guard expected.contains("n\(k)") else { continue }
            device.system.tapNotification(identifier: "n\(k)")
            expected.removeAll { $0 == "n\(k)" }
            #expect(device.deliveredIDs == expected)
        }
        device.system.tapNotification(identifier: nil)
        #expect(device.deliveredIDs == expected.dropLast())
    }
}
