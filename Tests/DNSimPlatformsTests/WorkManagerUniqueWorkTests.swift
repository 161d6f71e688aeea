import DNSimCore
import DNSimPlatforms
import Testing

/// Unique work by name (A43): one live item per name, replaced or kept; enqueuing a name again
/// deletes its earlier records (androidx `EnqueueRunnable`), so `getWorkInfosForUniqueWork`
/// reports the current chain only, also after a reinstall.
struct WorkManagerUniqueWorkTests {
    @Test("A43: REPLACE cancels the live item of the name and deletes the name's records; KEEP keeps a live one, else deletes the finished ones")
    func replaceAndKeepByName() throws {
        let device = Device()
        for _ in 0..<5 {
            device.workManager.enqueueUniqueWork("a", .replace, TestApp.oneTimeWork(delay: .hours(1)))
            device.workManager.enqueueUniqueWork("b", .keep, TestApp.oneTimeWork(delay: .hours(1)))
        }
        #expect(device.workManager.workStates("a") == [.enqueued], "each REPLACE deleted the cancelled record")
        #expect(device.workManager.workStates("b") == [.enqueued])
        #expect(device.records("work.replaced").count == 4)
        #expect(device.records("work.kept").count == 4)
        #expect(device.system.works.map(\.name) == ["b", "a"])

        device.workManager.cancelUniqueWork("a")
        #expect(device.workManager.workStates("a").last == .cancelled)
        try device.run(for: .hours(2))
        #expect(device.workManager.workStates("b") == [.succeeded])
        #expect(device.workStarts.count == 1, "only b ran")

        device.workManager.enqueueUniqueWork("b", .keep, TestApp.oneTimeWork(delay: .hours(1)))
        #expect(device.workManager.workStates("b") == [.enqueued], "finished work does not block KEEP, and is deleted")

        device.system.reinstallApp()
        #expect(device.workManager.workStates("b").isEmpty)
        device.workManager.enqueueUniqueWork("b", .replace, TestApp.oneTimeWork(delay: .minutes(1)))
        #expect(device.workManager.workStates("b") == [.enqueued])
        device.system.launchApp()
        try device.run(for: .minutes(5))
        #expect(device.workManager.workStates("b") == [.succeeded], "work enqueued after a reinstall is found by its serial")
    }

    @Test("A43: a name enqueued again and again keeps one record; the other names' work is still found by serial")
    func recordsStayBoundedAndFoundBySerial() throws {
        let device = Device()
        // A long-lived item enqueued first, then 500 replacements of another name, each run
        // to completion: the database holds two records, and the first item still runs.
        device.workManager.enqueueUniqueWork("long", .keep, TestApp.oneTimeWork(delay: .hours(1000)))
        for _ in 0..<500 {
            device.workManager.enqueueUniqueWork("daily", .replace, TestApp.oneTimeWork(delay: .minutes(1)))
            try device.run(for: .minutes(5))
        }
        #expect(device.workManager.workStates("daily") == [.succeeded])
        #expect(device.system.works.map(\.name) == ["long", "daily"])
        #expect(device.workStarts.count == 500)
        try device.run(for: .hours(1000))
        #expect(device.workManager.workStates("long") == [.succeeded], "found by its serial after the storage was compacted")
        #expect(device.workStarts.count == 501)
    }

    @Test("WorkerWrapper: work that Application.onCreate cancels or replaces, in the process started to run it, does not run")
    func processStartCanCancelOrReplaceTheDueWork() throws {
        // onCreate cancels "gone" and replaces "renewed" (a new request, due in an hour). It
        // also ran at the device's first launch, where there was nothing to cancel yet.
        let device = Device(onCreate: { context in
            context.workManager.cancelUniqueWork("gone")
            context.workManager.enqueueUniqueWork("renewed", .replace, TestApp.oneTimeWork(delay: .hours(1)))
        })
        device.workManager.enqueueUniqueWork("gone", .keep, TestApp.oneTimeWork(delay: .minutes(10)))
        device.system.swipeFromRecents()
        #expect(device.system.process == nil)
        try device.run(for: .minutes(15))
        #expect(device.workStarts.count == 1, "the job started the process")
        #expect(device.records("test.doWork").isEmpty, "but the worker did not run: its work was cancelled")
        #expect(device.workManager.workStates("gone") == [.cancelled])

        device.workManager.enqueueUniqueWork("renewed", .replace, TestApp.oneTimeWork(delay: .minutes(10)))
        device.system.swipeFromRecents()
        try device.run(for: .minutes(15))
        #expect(device.records("test.doWork").isEmpty, "the replaced record's worker did not run")
        #expect(device.workManager.workStates("renewed") == [.enqueued], "only the replacement is left")
        try device.run(for: .hours(1))
        #expect(device.records("test.doWork").count == 1, "the replacement ran in the live process")
        #expect(device.workManager.workStates("renewed") == [.succeeded])
    }

    @Test("cancelUniqueWork stops a running worker: its work is cancelled and its result goes nowhere (androidx CancelWorkRunnable)")
    func cancelStopsRunningWork() throws {
        let device = Device()
        device.workManager.enqueueUniqueWork("slow", .keep, TestApp.oneTimeWork(runTimes: [.minutes(5)]))
        try device.run(for: .minutes(1))
        #expect(device.workManager.workStates("slow") == [.running])
        device.workManager.cancelUniqueWork("slow")
        try device.run(for: .minutes(10))
        #expect(device.workManager.workStates("slow") == [.cancelled])
        #expect(device.records("work.succeeded").isEmpty)
    }

    @Test("A43: a process opening WorkManager's database deletes the finished and cancelled work last enqueued more than a day ago (CleanupCallback); live work stays")
    func databaseOpenPrunesOldFinishedWork() throws {
        let device = Device()
        device.workManager.enqueueUniqueWork("done", .keep, TestApp.oneTimeWork())
        device.workManager.enqueueUniqueWork("gone", .keep, TestApp.oneTimeWork(delay: .hours(10)))
        device.workManager.enqueueUniqueWork("later", .keep, TestApp.oneTimeWork(delay: .hours(48)))
        device.workManager.cancelUniqueWork("gone")
        try device.run(for: .minutes(1))
        #expect(device.workManager.workStates("done") == [.succeeded])

        // A new process 23 h later: nothing is a day old yet.
        device.system.swipeFromRecents()
        try device.run(for: .hours(23))
        device.system.launchApp()
        #expect(device.workManager.workStates("done") == [.succeeded])
        #expect(device.workManager.workStates("gone") == [.cancelled])

        // The same process a day later prunes nothing (the database opens once per process) ...
        try device.run(for: .hours(2))
        #expect(device.workManager.workStates("done") == [.succeeded])
        // ... a new one does, but keeps the live work however old.
        device.system.swipeFromRecents()
        device.system.launchApp()
        #expect(device.workManager.workStates("done").isEmpty)
        #expect(device.workManager.workStates("gone").isEmpty)
        #expect(device.workManager.workStates("later") == [.enqueued])
        #expect(device.system.works.map(\.name) == ["later"])
    }

    @Test("A43: a retry enqueues the work again: the day before pruning counts from the retry, not from the first enqueue")
    func pruningCountsFromTheLastEnqueue() throws {
        let device = Device()
        // Due in 20 h; the first run asks for a retry, the second (10 s of backoff later) succeeds.
        device.workManager.enqueueUniqueWork(
            "retried", .keep, TestApp.oneTimeWork(delay: .hours(20), results: [.retry, .success], backoffDelay: .seconds(10)))
        device.workManager.enqueueUniqueWork("once", .keep, TestApp.oneTimeWork(delay: .hours(20)))
        try device.run(for: .hours(21))
        #expect(device.workManager.workStates("retried") == [.succeeded])
        #expect(device.workManager.workStates("once") == [.succeeded])
        // A new process 25 h after both were enqueued, 5 h after "retried" was enqueued again.
        device.system.swipeFromRecents()
        try device.run(for: .hours(4))
        device.system.launchApp()
        #expect(device.workManager.workStates("once").isEmpty, "enqueued 25 h ago")
        #expect(device.workManager.workStates("retried") == [.succeeded], "enqueued again by its retry 5 h ago")
    }
}
