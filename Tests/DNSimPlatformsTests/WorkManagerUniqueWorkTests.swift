import DNSimCore
import DNSimPlatforms
import Testing

/// Unique work by name (A43): one live item per name, replaced or kept, with the whole history
/// of the name still reported by `getWorkInfosForUniqueWork`, also after a reinstall.
struct WorkManagerUniqueWorkTests {
    @Test("A43: REPLACE cancels the live item of the name only; KEEP keeps it; states list every item of the name")
    func replaceAndKeepByName() throws {
        let device = Device()
        for _ in 0..<5 {
            device.workManager.enqueueUniqueWork("a", .replace, TestApp.oneTimeWork(delay: .hours(1)))
            device.workManager.enqueueUniqueWork("b", .keep, TestApp.oneTimeWork(delay: .hours(1)))
        }
        #expect(device.workManager.workStates("a") == [.cancelled, .cancelled, .cancelled, .cancelled, .enqueued])
        #expect(device.workManager.workStates("b") == [.enqueued])
        #expect(device.records("work.replaced").count == 4)
        #expect(device.records("work.kept").count == 4)
        #expect(device.system.works.map(\.name) == ["a", "b", "a", "a", "a", "a"])

        device.workManager.cancelUniqueWork("a")
        #expect(device.workManager.workStates("a").last == .cancelled)
        try device.run(for: .hours(2))
        #expect(device.workManager.workStates("b") == [.succeeded])
        #expect(device.workStarts.count == 1, "only b ran")

        device.workManager.enqueueUniqueWork("b", .keep, TestApp.oneTimeWork(delay: .hours(1)))
        #expect(device.workManager.workStates("b") == [.succeeded, .enqueued], "finished work does not block KEEP")

        device.system.reinstallApp()
        #expect(device.workManager.workStates("b").isEmpty)
        device.workManager.enqueueUniqueWork("b", .replace, TestApp.oneTimeWork(delay: .minutes(1)))
        #expect(device.workManager.workStates("b") == [.enqueued])
        device.system.launchApp()
        try device.run(for: .minutes(5))
        #expect(device.workManager.workStates("b") == [.succeeded], "work enqueued after a reinstall is found by its serial")
    }
}
