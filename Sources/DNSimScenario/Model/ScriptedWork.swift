import DNSimCore
import DNSimPlatforms

/// WorkManager work enqueued by the scripted test app (an `enqueueWork` step), as any Android app
/// would build it — one-time with an initial delay or periodic with an interval and flex, a
/// network constraint, a backoff policy — with a worker whose results the scenario scripts. It
/// lets a scenario check the WorkManager model against androidx's own tests without the plugin.
public struct ScriptedWork: Sendable, Equatable {
    /// The work's id in the scenario; its unique work name is `testapp.<id>`.
    public var id: String
    /// One-time or periodic, with the delay, interval and flex as written (A45 clamps them).
    public var kind: AndroidWorkRequest.Kind
    /// `NetworkType.CONNECTED` required (A48).
    public var requiresNetwork: Bool
    /// The backoff policy (A46).
    public var backoffPolicy: AndroidWorkRequest.BackoffPolicy
    /// The backoff delay as written (A46 clamps it to [10 s, 5 h]).
    public var backoffDelay: SimDuration
    /// What the worker returns, by `getRunAttemptCount()`: the run with run-attempt count *n*
    /// returns `results[n]`, every later one the last (a periodic period starts again at 0).
    public var results: [AndroidWorkOutcome.Result]
    /// How long each `doWork` takes (a run over 10 minutes is stopped, A47).
    public var runTime: SimDuration
    /// `ExistingWorkPolicy` when a live work of the same id exists.
    public var existingWorkPolicy: AndroidExistingWorkPolicy

    /// Creates scripted work with WorkManager's defaults (exponential backoff from 30 s) and a
    /// worker that succeeds at once.
    public init(
        id: String, kind: AndroidWorkRequest.Kind, requiresNetwork: Bool = false,
        backoffPolicy: AndroidWorkRequest.BackoffPolicy = .exponential, backoffDelay: SimDuration = .seconds(30),
        results: [AndroidWorkOutcome.Result] = [.success], runTime: SimDuration = .zero,
        existingWorkPolicy: AndroidExistingWorkPolicy = .replace
    ) {
        self.id = id
        self.kind = kind
        self.requiresNetwork = requiresNetwork
        self.backoffPolicy = backoffPolicy
        self.backoffDelay = backoffDelay
        self.results = results.isEmpty ? [.success] : results
        self.runTime = runTime
        self.existingWorkPolicy = existingWorkPolicy
    }

    /// The worker class of the test app's work (the plugin has no worker of that name).
    public static let workerClass = "dev.dnsim.testapp.ScriptedWorker"
    /// The prefix of the test app's unique work names.
    public static let namePrefix = "testapp."
    /// The input-data key that carries the scripted results (comma-separated).
    static let resultsKey = "testWork.results"
    /// The input-data key that carries the run time in milliseconds.
    static let runTimeKey = "testWork.runTimeMillis"

    /// The unique work name of the work `id`.
    public static func uniqueName(_ id: String) -> String { namePrefix + id }

    /// The request the test app enqueues: its script travels in the input data, as a real test
    /// worker reads its behaviour from `getInputData()`.
    public var request: AndroidWorkRequest {
        AndroidWorkRequest(
            worker: Self.workerClass, kind: kind, requiresNetwork: requiresNetwork, backoffPolicy: backoffPolicy,
            backoffDelay: backoffDelay,
            inputData: [
                AndroidExtra(Self.resultsKey, results.map(\.rawValue).joined(separator: ",")),
                AndroidExtra(Self.runTimeKey, String(runTime.milliseconds)),
            ])
    }

    /// The scripted worker's `doWork`: the result for the work's run-attempt count, after the run
    /// time, both read from its input data.
    public static func doWork(_ work: AndroidWork) -> AndroidWorkOutcome {
        let data = work.request.inputData
        let results = (data.first { $0.key == resultsKey }?.value ?? "").split(separator: ",")
            .compactMap { AndroidWorkOutcome.Result(rawValue: String($0)) }
        let result = results.isEmpty ? .success : results[min(work.runAttemptCount, results.count - 1)]
        let runTime = data.first { $0.key == runTimeKey }.flatMap { Int64($0.value) } ?? 0
        return AndroidWorkOutcome(result, runTime: .milliseconds(runTime))
    }
}
