import DNSimCalendar
import DNSimCore
import DNSimPlatforms
@testable import DNSimScenario
import Testing

/// The scripted test app's `enqueueWork` / `cancelWork` steps and the `workRan` / `workNotRan` checks.
struct ScriptedWorkTests {
    static func scenario(steps: String, checks: String, end: String = "2026-03-02T12:00") -> String {
        """
        { "id": "t/work", "title": "t", "platform": "android", "device": { "profile": "android-stock", "apiLevel": 34 },
          "timeZone": "Europe/Berlin", "start": "2026-03-02T08:00", "end": "\(end)",
          "steps": [ \(steps) ],
          "expected": { "os": "-", "plugin": "-", "checks": [ \(checks) ] } }
        """
    }

    static func run(_ text: String) throws -> RunResult {
        try ScenarioRunner.run(try ScenarioDecoder(file: "t.json").decode(Array(text.utf8)))
    }

    static func outcomes(_ result: RunResult) -> [String: Bool] {
        Dictionary(uniqueKeysWithValues: result.expectations.map { ($0.id, $0.passed) })
    }

    @Test func anEnqueueWorkStepDecodesEveryField() throws {
        let text = Self.scenario(
            steps: #"""
                { "at": "2026-03-02T08:00", "action": "enqueueWork", "work": "o", "kind": "oneTime", "initialDelay": "10m", "requiresNetwork": true, "backoffPolicy": "linear", "backoffDelay": "1m", "results": ["retry", "failure"], "runTime": "2m", "existingWorkPolicy": "keep" },
                { "at": "2026-03-02T08:00", "action": "enqueueWork", "work": "p", "kind": "periodic", "interval": "1h", "flex": "10m" },
                { "at": "2026-03-02T08:00", "action": "enqueueWork", "work": "q", "kind": "periodic", "interval": "20m", "initialDelay": "5m" },
                { "at": "2026-03-02T08:01", "action": "cancelWork", "work": "o" }
                """#,
            checks: #"{ "id": "c", "assert": "workRan", "work": "p", "run": 2, "from": "2026-03-02T09:00", "to": "2026-03-02T09:05", "atLeast": 2 }"#)
        let scenario = try ScenarioDecoder(file: "t.json").decode(Array(text.utf8))
        #expect(
            scenario.steps[0].action
                == .enqueueWork(
                    ScriptedWork(
                        id: "o", kind: .oneTime(initialDelay: .minutes(10)), requiresNetwork: true, backoffPolicy: .linear,
                        backoffDelay: .minutes(1), results: [.retry, .failure], runTime: .minutes(2), existingWorkPolicy: .keep)))
        #expect(scenario.steps[1].action == .enqueueWork(ScriptedWork(id: "p", kind: .periodic(interval: .hours(1), flex: .minutes(10)))))
        #expect(scenario.steps[2].action == .enqueueWork(ScriptedWork(id: "q", kind: .periodic(interval: .minutes(20), flex: nil, initialDelay: .minutes(5)))))
        #expect(scenario.steps[3].action == .cancelWork("o"))
        let from = try #require(LocalDateTime(parsing: "2026-03-02T09:00"))
        let to = try #require(LocalDateTime(parsing: "2026-03-02T09:05"))
        #expect(scenario.checks[0].assertion == .workRan(work: "p", run: 2, from: from, to: to, count: CountComparison(atLeast: 2)))
    }

    @Test func badEnqueueWorkStepsAreRejectedWithTheirPointer() {
        let step = #"{ "at": "2026-03-02T08:00", "action": "enqueueWork", "work": "w", "#
        let cases: [(String, String)] = [
            (step + #""kind": "periodic" }"#,
             #"at /steps/0/interval: expected a repeat interval for periodic work (e.g. "15m"), found none"#),
            (step + #""kind": "oneTime", "interval": "15m" }"#,
             #"at /steps/0/interval: expected no "interval" for oneTime work (only periodic work has one), found one"#),
            (step + #""kind": "once" }"#, "at /steps/0/kind: expected one of: oneTime, periodic, found \"once\""),
            (step + #""kind": "oneTime", "results": [] }"#,
             "at /steps/0/results: expected a non-empty array of worker results, each one of: success, failure, retry, found an empty array"),
            (step + #""kind": "oneTime", "results": ["retry", "sucess"] }"#,
             #"at /steps/0/results/1: expected one of: success, failure, retry, found a string "sucess", did you mean "success"?"#),
            (step + #""kind": "oneTime", "backoffPolicy": "quadratic" }"#, "at /steps/0/backoffPolicy:"),
            (step + #""kind": "oneTime", "runTime": "-1m" }"#, "at /steps/0/runTime:"),
            (#"{ "at": "2026-03-02T08:00", "action": "cancelWork" }"#, #"at /steps/0: expected a member "work""#),
        ]
        for (step, message) in cases {
            let text = Self.scenario(steps: step, checks: #"{ "id": "c", "assert": "noErrors" }"#)
            do {
                _ = try ScenarioDecoder(file: "t.json").decode(Array(text.utf8))
                Issue.record("accepted \(step)")
            } catch {
                #expect("\(error)".contains(message), "\(error)")
            }
        }
    }

    @Test func badWorkChecksAreRejected() {
        let step = #"{ "at": "2026-03-02T08:00", "action": "enqueueWork", "work": "w", "kind": "oneTime" }"#
        let cases: [(String, String)] = [
            (#"{ "id": "c", "assert": "workRan", "work": "w", "run": 0 }"#,
             "at /expected/checks/0/run: expected a run number from 1 (the first run) to 10000, found 0"),
            (#"{ "id": "c", "assert": "workRan", "work": "w", "from": "2026-03-02T10:00", "to": "2026-03-02T09:00" }"#,
             "at /expected/checks/0/to: expected a local date-time at or after \"from\""),
            (#"{ "id": "c", "assert": "workNotRan" }"#, #"at /expected/checks/0: expected a member "work""#),
        ]
        for (check, message) in cases {
            let text = Self.scenario(steps: step, checks: check)
            do {
                _ = try ScenarioDecoder(file: "t.json").decode(Array(text.utf8))
                Issue.record("accepted \(check)")
            } catch {
                #expect("\(error)".contains(message), "\(error)")
            }
        }
    }

    @Test func theChecksPassAndFailOnWhatTheModelDid() throws {
        // Linear backoff from 30 s: runs at 08:00:00, 08:00:30 (+30 s), 08:01:30 (+60 s), then success.
        let steps = #"""
            { "at": "2026-03-02T08:00", "action": "enqueueWork", "work": "retried", "kind": "oneTime", "backoffPolicy": "linear", "results": ["retry", "retry", "success"] },
            { "at": "2026-03-02T08:00", "action": "enqueueWork", "work": "cancelled", "kind": "oneTime", "initialDelay": "1h" },
            { "at": "2026-03-02T08:30", "action": "cancelWork", "work": "cancelled" }
            """#
        let checks = #"""
            { "id": "third-run", "assert": "workRan", "work": "retried", "run": 3, "from": "2026-03-02T08:01:30", "to": "2026-03-02T08:01:30", "equals": 3 },
            { "id": "second-run-early", "assert": "workRan", "work": "retried", "run": 2, "to": "2026-03-02T08:00:29" },
            { "id": "no-fourth-run", "assert": "workRan", "work": "retried", "run": 4 },
            { "id": "wrong-count", "assert": "workRan", "work": "retried", "atMost": 2 },
            { "id": "cancelled", "assert": "workNotRan", "work": "cancelled" },
            { "id": "retried-not-ran", "assert": "workNotRan", "work": "retried" }
            """#
        let result = try Self.run(Self.scenario(steps: steps, checks: checks))
        #expect(
            Self.outcomes(result) == [
                "third-run": true, "second-run-early": false, "no-fourth-run": false, "wrong-count": false, "cancelled": true,
                "retried-not-ran": false,
            ])
        let start = try #require(result.scriptedWorkRuns["retried"]?.first)
        #expect(result.scriptedWorkRuns["retried"] == [start, start + .seconds(30), start + .seconds(90)])
    }

    @Test func theScriptedWorkerRunsInsteadOfThePlugins() throws {
        // The plugin's doWork fails any worker it does not know; the scripted worker's retry is
        // what makes the work run twice.
        let result = try Self.run(
            Self.scenario(
                steps: #"{ "at": "2026-03-02T08:00", "action": "enqueueWork", "work": "w", "kind": "oneTime", "results": ["retry", "success"] }"#,
                checks: #"{ "id": "twice", "assert": "workRan", "work": "w", "equals": 2 }, { "id": "a46", "assert": "ruleApplied", "rule": "A46" }"#))
        #expect(result.expectations.allSatisfy { $0.passed }, "\(result.expectations)")
    }

    @Test func aStoppedPackageIsLaunchedToEnqueue() throws {
        // A new install is in the stopped state, where no job is scheduled; the app runs to enqueue.
        let result = try Self.run(
            Self.scenario(
                steps: #"{ "at": "2026-03-02T08:00", "action": "enqueueWork", "work": "w", "kind": "oneTime", "initialDelay": "5m" }"#,
                checks: #"{ "id": "ran", "assert": "workRan", "work": "w", "from": "2026-03-02T08:05", "to": "2026-03-02T08:05", "equals": 1 }"#))
        #expect(result.expectations.allSatisfy { $0.passed }, "\(result.expectations)")
    }

    @Test func theWorkChecksAreAndroidOnly() {
        let text = """
            { "id": "t/ios", "title": "t", "platform": "ios", "device": { "profile": "ios-default", "osVersion": 17 },
              "timeZone": "Europe/Berlin", "start": "2026-03-02T08:00", "end": "2026-03-02T12:00",
              "steps": [ { "at": "2026-03-02T08:00", "action": "enqueueWork", "work": "w", "kind": "oneTime" } ],
              "expected": { "os": "-", "plugin": "-", "checks": [ { "id": "c", "assert": "workRan", "work": "w" } ] } }
            """
        do {
            _ = try ScenarioDecoder(file: "t.json").decode(Array(text.utf8))
            Issue.record("an iOS scenario accepted enqueueWork and workRan")
        } catch {
            #expect("\(error)".contains(#"found "enqueueWork", which does not exist on ios"#), "\(error)")
            #expect("\(error)".contains(#""workRan", which is Android's (the scripted test app)"#), "\(error)")
        }
    }
}

/// A check that names a scripted alarm, work, request or task no step creates is an input error.
struct ScriptedReferenceTests {
    @Test func aCheckNamingNoCreatedIDIsRejectedWithTheClosest() {
        let text = ScriptedWorkTests.scenario(
            steps: #"{ "at": "2026-03-02T08:00", "action": "enqueueWork", "work": "sync", "kind": "oneTime" }"#,
            checks: #"""
                { "id": "c", "assert": "workRan", "work": "snyc" },
                { "id": "d", "assert": "alarmFired", "alarm": "a" },
                { "id": "e", "assert": "workNotRan", "work": "sync" }
                """#)
        do {
            _ = try ScenarioDecoder(file: "t.json").decode(Array(text.utf8))
            Issue.record("accepted checks naming ids no step creates")
        } catch {
            let text = "\(error)"
            #expect(text.contains(#"at /expected/checks/0/work: expected the work id of some enqueueWork step: sync, found "snyc", did you mean "sync"?"#), "\(text)")
            #expect(text.contains(#"at /expected/checks/1/alarm: expected the alarm id of some setAlarm step (there is none), found "a""#), "\(text)")
            #expect(!text.contains("checks/2"), "\(text)")
        }
    }

    @Test func aBrokenCreatingStepSuspendsTheCheck() {
        // The enqueueWork step is wrong, so which ids exist is unknown: only its own error is reported.
        let text = ScriptedWorkTests.scenario(
            steps: #"{ "at": "2026-03-02T08:00", "action": "enqueueWork", "work": "sync", "kind": "never" }"#,
            checks: #"{ "id": "c", "assert": "workRan", "work": "sync" }"#)
        do {
            _ = try ScenarioDecoder(file: "t.json").decode(Array(text.utf8))
            Issue.record("accepted a bad kind")
        } catch {
            #expect("\(error)".contains("at /steps/0/kind"), "\(error)")
            #expect(!"\(error)".contains("checks/0"), "\(error)")
        }
    }
}
