import DNSimCore
import DNSimPlatforms

// MARK: - Workers

/// The keys of a test work request's input data that script what ``TestApp/doWork(_:context:)`` returns.
enum WorkScript {
    /// Comma-separated `ListenableWorker.Result`s, one per attempt (the last repeats).
    static let results = "test.results"
    /// Comma-separated run times in ms, one per attempt (the last repeats).
    static let runTimesMillis = "test.runTimesMillis"

    /// The input data for a scripted worker.
    static func inputData(results: [AndroidWorkOutcome.Result], runTimes: [SimDuration]) -> [AndroidExtra] {
        var data: [AndroidExtra] = []
        if !results.isEmpty { data.append(AndroidExtra(Self.results, results.map(\.rawValue).joined(separator: ","))) }
        if !runTimes.isEmpty {
            data.append(AndroidExtra(Self.runTimesMillis, runTimes.map { String($0.milliseconds) }.joined(separator: ",")))
        }
        return data
    }
}

extension TestApp {
    /// A worker scripted by its input data (see ``WorkScript``): attempt *n* returns the *n*-th
    /// result after the *n*-th run time. Unscripted work succeeds at once (the protocol default).
    func doWork(_ work: AndroidWork, context: AndroidContext<TestApp>) -> AndroidWorkOutcome {
        func pick(_ key: String) -> String? {
            guard let list = work.request.inputData.first(where: { $0.key == key })?.value else { return nil }
            let items = list.split(separator: ",").map(String.init)
            return items.isEmpty ? nil : items[min(work.runAttemptCount, items.count - 1)]
        }
        let result = pick(WorkScript.results).flatMap(AndroidWorkOutcome.Result.init(rawValue:)) ?? .success
        let runTime = pick(WorkScript.runTimesMillis).flatMap(Int64.init).map(SimDuration.milliseconds) ?? .zero
        context.log(
            "test.doWork",
            [TraceDetail("name", work.name), TraceDetail("attempt", String(work.runAttemptCount + 1))])
        return AndroidWorkOutcome(result, runTime: runTime)
    }

    /// A one-time request for a scripted worker.
    static func oneTimeWork(
        delay: SimDuration = .zero, requiresNetwork: Bool = false, results: [AndroidWorkOutcome.Result] = [],
        runTimes: [SimDuration] = [], backoffPolicy: AndroidWorkRequest.BackoffPolicy = .exponential,
        backoffDelay: SimDuration = .seconds(30)
    ) -> AndroidWorkRequest {
        AndroidWorkRequest(
            worker: "test.Worker", kind: .oneTime(initialDelay: delay), requiresNetwork: requiresNetwork,
            backoffPolicy: backoffPolicy, backoffDelay: backoffDelay,
            inputData: WorkScript.inputData(results: results, runTimes: runTimes))
    }
}

// MARK: - Device helpers

extension Device {
    /// The app's WorkManager.
    var workManager: AndroidWorkManagerPort<TestApp> { system.context.workManager }

    /// `AlarmManager.setAlarmClock(info, operation)` (A9), through the app's port.
    func setAlarmClock(_ triggerAtMillis: Int64, _ operation: AndroidPendingIntent) throws {
        try alarmManager.setAlarmClock(triggerAtMillis, operation)
    }

    /// When `work.started` was traced, in order.
    var workStarts: [SimInstant] { records("work.started").map(\.time) }

    /// The fire instants of the alarm whose PendingIntent is `operation`.
    func fires(of operation: AndroidPendingIntent) -> [SimInstant] {
        records("alarm.fired").filter { $0.detail("operation") == operation.description }.map(\.time)
    }

    /// The request codes of the alarms that fired, in firing order.
    var firedRequestCodes: [Int] {
        records("alarm.fired").compactMap { record in
            (1...200).first { TestApp.operation($0).description == record.detail("operation") }
        }
    }

    /// Opening times of the Doze maintenance windows so far.
    var windowOpens: [SimInstant] { records("doze.maintenanceWindow.open").map(\.time) }
    /// Closing times of the Doze maintenance windows so far.
    var windowCloses: [SimInstant] { records("doze.maintenanceWindow.close").map(\.time) }

    /// Attaches a content server that went live now.
    @discardableResult
    func attachContentServer(_ parameters: ContentServerParameters = ContentServerParameters()) -> ContentServer {
        let server = ContentServer(parameters: parameters, zone: system.context.timeZone, start: sim.now)
        system.contentServer = server
        return server
    }
}

extension AndroidOSParameters {
    /// Default parameters (exact alarms and notifications granted) with the given Doze timing.
    static func doze(
        spacing: [SimDuration], jitterPercent: Int = 10, windowLength: SimDuration = .minutes(5)
    ) -> AndroidOSParameters {
        var parameters = AndroidOSParameters.with()
        parameters.doze.maintenanceSpacing = spacing
        parameters.doze.maintenanceJitterPercent = jitterPercent
        parameters.doze.maintenanceWindowLength = windowLength
        return parameters
    }
}

/// The value printed for `key` in a list of resolved parameters.
func value(of key: String, in pairs: [(String, String)]) -> String? { pairs.first { $0.0 == key }?.1 }
