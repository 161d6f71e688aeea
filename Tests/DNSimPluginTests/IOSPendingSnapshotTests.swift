import DNSimCalendar
import DNSimCore
import DNSimPlatforms
@testable import DNSimPlugin
import Testing

/// ``IOSPendingSnapshot``: the plugin's view of the pending list through a re-arming pass is
/// what a fresh `getPendingNotificationRequests` would show.
@Suite("iOS plugin: pending snapshot")
struct IOSPendingSnapshotTests {
    static func request(_ identifier: String, day: Int = 0, title: String = "t") -> IOSNotificationRequest {
        IOSNotificationRequest(
            identifier: identifier, title: title, body: "b", userInfo: [],
            trigger: .calendar(
                IOSDateComponents(date: LocalDate(parsing: "2026-04-01")!.adding(days: day), hour: 9, minute: 0),
                timeZone: nil, repeats: false))
    }

    static let own = IOSPluginBuild.requestPrefix

    @Test func indexesByIdentifierAndCountsOthers() {
        let snapshot = IOSPendingSnapshot([Self.request(Self.own + "a"), Self.request("other"), Self.request(Self.own + "b")])
        #expect(snapshot.count == 3)
        #expect(snapshot.others == 1)
        #expect(snapshot[Self.own + "a"] == Self.request(Self.own + "a"))
        #expect(snapshot["missing"] == nil)
    }

    @Test func anAddReplacesItsIdentifierAndARemovalTakesOnlyWhatIsPending() {
        var snapshot = IOSPendingSnapshot([Self.request(Self.own + "a"), Self.request("other")])
        #expect(snapshot.position(of: Self.own + "a") == 0 && snapshot.position(of: "other") == 1)
        snapshot.added(Self.request(Self.own + "a", title: "new"))
        #expect(snapshot.position(of: Self.own + "a") == nil, "replaced since the list was read")
        #expect(snapshot.holds(Self.request(Self.own + "a", title: "new")) && !snapshot.holds(Self.request(Self.own + "a")))
        #expect(snapshot.count == 2)
        #expect(snapshot[Self.own + "a"]?.title == "new")
        snapshot.added(Self.request("other-2"))
        #expect(snapshot.count == 3 && snapshot.others == 2)
        snapshot.removed(["other", Self.own + "missing", Self.own + "a"])
        #expect(snapshot == IOSPendingSnapshot([Self.request("other-2")]))
    }

    /// `holds` compares a pending request field by field: it answers as `==` on the requests does,
    /// for every field and trigger that can differ.
    @Test func holdsAnswersAsEqualityDoes() throws {
        let date = try #require(LocalDate(parsing: "2026-04-01"))
        let tokyo = try #require(Zone(identifier: "Asia/Tokyo"))
        let base = Self.request(Self.own + "a")
        var variants = [base]
        func variant(_ change: (inout IOSNotificationRequest) -> Void) {
            var request = base
            change(&request)
            variants.append(request)
        }
        variant { $0.title = "T" }
        variant { $0.body = "B" }
        variant { $0.userInfo = [StringPair("k", "v")] }
        variant { $0.body = "e\u{301}" }
        variant { $0.trigger = .calendar(IOSDateComponents(date: date.adding(days: 1), hour: 9, minute: 0), timeZone: nil, repeats: false) }
        variant { $0.trigger = .calendar(IOSDateComponents(date: date, hour: 10, minute: 0), timeZone: nil, repeats: false) }
        variant { $0.trigger = .calendar(IOSDateComponents(date: date, hour: 9, minute: 1), timeZone: nil, repeats: false) }
        variant { $0.trigger = .calendar(IOSDateComponents(date: nil, hour: 9, minute: 0), timeZone: nil, repeats: false) }
        variant { $0.trigger = .calendar(IOSDateComponents(date: date, hour: 9, minute: 0), timeZone: nil, repeats: true) }
        variant { $0.trigger = .calendar(IOSDateComponents(date: date, hour: 9, minute: 0), timeZone: tokyo, repeats: false) }
        variant { $0.trigger = .timeInterval(seconds: 60, repeats: false) }
        for pending in variants {
            let snapshot = IOSPendingSnapshot([pending])
            var added = IOSPendingSnapshot()
            added.added(pending)
            for asked in variants {
                #expect(snapshot.holds(asked) == (pending == asked), "\(pending) holds \(asked)")
                #expect(added.holds(asked) == (pending == asked), "\(pending) added, holds \(asked)")
            }
        }
        // A body canonically equivalent to the pending one counts as equal, as `==` says.
        var composed = base
        composed.body = "\u{E9}"
        var decomposed = base
        decomposed.body = "e\u{301}"
        #expect(IOSPendingSnapshot([composed]).holds(decomposed) == (composed == decomposed))
    }

    @Test func aRefreshReadsTheListAgainOnlyWhenItsCountDiffers() {
        var snapshot = IOSPendingSnapshot([Self.request(Self.own + "a")])
        snapshot.refresh(from: [Self.request(Self.own + "b")])
        #expect(snapshot[Self.own + "a"] != nil, "same count: the view stands")
        snapshot.refresh(from: [])
        #expect(snapshot == IOSPendingSnapshot())
        snapshot.refresh(from: [Self.request(Self.own + "b"), Self.request("other")])
        #expect(snapshot == IOSPendingSnapshot([Self.request(Self.own + "b"), Self.request("other")]))
    }

    /// Over the pending limit the system drops requests the plugin did not remove (I1); after a
    /// refresh the view is the system's list again, whichever requests each keep policy drops.
    @Test(arguments: [IOSParameters.KeepPolicy.lastAdded, .soonest, .noneFire])
    func theViewFollowsTheSystemOverThePendingLimit(keep: IOSParameters.KeepPolicy) {
        let device = IOSPluginDevice(profile: .corrected, parameters: .with { $0.pendingLimit = 5; $0.keepPolicy = keep })
        let center = device.system.context.notificationCenter
        var snapshot = IOSPendingSnapshot()
        // Days in a shuffled order, so that the soonest are not the last added; some identifiers
        // come back with new content (a replacement).
        for (step, day) in [7, 3, 9, 1, 8, 2, 3, 6, 0, 5, 4, 9].enumerated() {
            center.getPendingNotificationRequests { snapshot.refresh(from: $0) }
            var fresh = IOSPendingSnapshot()
            center.getPendingNotificationRequests { fresh = IOSPendingSnapshot($0) }
            #expect(snapshot == fresh, "before step \(step)")
            let request = Self.request(step % 4 == 3 ? "other-\(day)" : Self.own + String(day), day: day, title: "t\(step)")
            center.add(request)
            snapshot.added(request)
        }
        center.getPendingNotificationRequests { snapshot.refresh(from: $0) }
        center.getPendingNotificationRequests { #expect(snapshot == IOSPendingSnapshot($0)) }
    }
}
