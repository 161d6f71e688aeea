import DNSimCore
import DNSimPlatforms
import Testing

/// Request and task identifiers are `NSString`s on iOS: two are the same identifier when their
/// code units are (`isEqual:`), not when they are canonically equivalent as Swift `String`s
/// are. The model compares them by their UTF-8 bytes (one-to-one with UTF-16 code units).
struct IOSIdentifierEqualityTests {
    /// "café" with a precomposed é (U+00E9).
    static let composed = "caf\u{E9}"
    /// "café" with e and a combining acute accent (U+0065 U+0301): `==` to ``composed`` in Swift.
    static let decomposed = "cafe\u{301}"

    /// The identifiers' UTF-8 bytes, so that an expectation cannot pass by canonical equivalence.
    static func bytes(_ identifiers: [String]) -> [[UInt8]] { identifiers.map { Array($0.utf8) } }

    @Test("The two spellings are equal as Swift strings and differ in their bytes")
    func spellingsDiffer() {
        #expect(Self.composed == Self.decomposed)
        #expect(Array(Self.composed.utf8) != Array(Self.decomposed.utf8))
    }

    @Test("Two canonically equivalent identifiers are two pending requests; adding one spelling again replaces only it")
    func pendingKeepsBothSpellings() {
        let device = IOSDevice()
        device.add(.interval(Self.composed, seconds: 3600))
        device.add(.interval(Self.decomposed, seconds: 7200))
        #expect(Self.bytes(device.pendingIDs) == Self.bytes([Self.composed, Self.decomposed]))

        device.add(.interval(Self.composed, seconds: 5400))
        #expect(Self.bytes(device.pendingIDs) == Self.bytes([Self.decomposed, Self.composed]), "a replacement goes to the end")
        #expect(device.pendingIDs.count == 2)
    }

    @Test("Removing by one spelling leaves the other pending; naming both removes both")
    func removalNamesOneSpelling() {
        let device = IOSDevice()
        device.add(.interval(Self.composed, seconds: 3600))
        device.add(.interval(Self.decomposed, seconds: 3600))
        device.center.removePendingNotificationRequests(withIdentifiers: [Self.decomposed])
        #expect(Self.bytes(device.pendingIDs) == Self.bytes([Self.composed]))

        device.add(.interval(Self.decomposed, seconds: 3600))
        device.center.removePendingNotificationRequests(withIdentifiers: [Self.composed, Self.decomposed])
        #expect(device.pendingIDs.isEmpty)
        #expect(device.records("request.removed").count == 3)
    }

    @Test("Both spellings fire; a tap on one removes only its deliveries from Notification Center")
    func tapRemovesOneSpelling() throws {
        let device = IOSDevice()
        device.add(.interval(Self.composed, seconds: 60))
        device.add(.interval(Self.decomposed, seconds: 120))
        try device.run(for: .minutes(5))
        #expect(device.system.deliveryLog.count == 2)
        #expect(Self.bytes(device.deliveredIDs) == Self.bytes([Self.composed, Self.decomposed]))

        device.system.tapNotification(identifier: Self.decomposed)
        #expect(Self.bytes(device.deliveredIDs) == Self.bytes([Self.composed]))
    }

    @Test("I20: a task identifier is permitted only as Info.plist spells it; a delegate handler only as registered")
    func taskIdentifiersCompareByBytes() {
        let device = IOSDevice()
        // The test build permits "test.refresh" and friends, all ASCII: spell one differently.
        device.system.delegateTaskHandlers[StringKey(Self.composed)] = { _ in IOSTaskOutcome(success: true, runTime: .seconds(1)) }
        #expect(device.submit(Self.decomposed, earliest: device.context.now()) == .notPermitted)
        #expect(device.submit(Self.composed, earliest: device.context.now()) == nil)
        #expect(Self.bytes(device.pendingTasks.map(\.identifier)) == Self.bytes([Self.composed]))
    }
}
