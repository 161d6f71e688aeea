import DNSimCalendar
import DNSimCore
import DNSimPlatforms
@testable import DNSimScenario
import Testing

/// The scripted test app's iOS `submitTask` step and the `taskRan` / `taskNotRan` / `taskRejected` checks.
struct ScriptedTaskTests {
    static func scenario(steps: String, checks: String, os: String = #"{ "refreshRunPercent": 100 }"#) -> String {
        """
        { "id": "t/tasks", "title": "t", "platform": "ios", "device": { "profile": "ios-default", "osVersion": 17 },
          "timeZone": "Europe/Berlin", "start": "2026-03-02T08:00", "end": "2026-03-02T20:00", "os": \(os),
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

    @Test func aSubmitTaskStepDecodesEveryField() throws {
        let text = Self.scenario(
            steps: #"""
                { "at": "2026-03-02T08:00", "action": "submitTask", "task": "r", "kind": "appRefresh", "earliestBeginIn": "1h", "runTime": "10s" },
                { "at": "2026-03-02T08:00", "action": "submitTask", "task": "p", "kind": "processing", "earliestBeginAt": "2026-03-02T10:00", "permitted": false }
                """#,
            checks: #"{ "id": "c", "assert": "taskRejected", "task": "p", "error": "notPermitted" }"#)
        let scenario = try ScenarioDecoder(file: "t.json").decode(Array(text.utf8))
        #expect(scenario.steps[0].action == .submitTask(ScriptedTask(id: "r", kind: .appRefresh, earliestBegin: .after(.hours(1)), runTime: .seconds(10))))
        let ten = try #require(LocalDateTime(parsing: "2026-03-02T10:00"))
        #expect(scenario.steps[1].action == .submitTask(ScriptedTask(id: "p", kind: .processing, earliestBegin: .at(ten), permitted: false)))
        #expect(scenario.checks[0].assertion == .taskRejected(task: "p", error: "notPermitted"))
    }

    @Test func badSubmitTaskStepsAndChecksAreRejected() {
        let cases: [(String, String, String)] = [
            (#"{ "at": "2026-03-02T08:00", "action": "submitTask", "task": "t", "kind": "refresh" }"#,
             #"{ "id": "c", "assert": "noErrors" }"#, "at /steps/0/kind:"),
            (#"{ "at": "2026-03-02T08:00", "action": "submitTask", "task": "t", "kind": "appRefresh", "earliestBeginIn": "1h", "earliestBeginAt": "2026-03-02T09:00" }"#,
             #"{ "id": "c", "assert": "noErrors" }"#,
             #"at /steps/0: expected at most one of "earliestBeginAt" (a local date-time) or "earliestBeginIn" (a duration from the step), found both"#),
            (#"{ "at": "2026-03-02T08:00", "action": "submitTask", "task": "t", "kind": "appRefresh" }"#,
             #"{ "id": "c", "assert": "taskRejected", "task": "t", "error": "unavailabel" }"#,
             #"at /expected/checks/0/error: expected one of: unavailable, tooManyPendingTaskRequests, notPermitted, found "unavailabel", did you mean "unavailable"?"#),
        ]
        for (step, check, message) in cases {
            let text = Self.scenario(steps: step, checks: check)
            do {
                _ = try ScenarioDecoder(file: "t.json").decode(Array(text.utf8))
                Issue.record("accepted \(step) \(check)")
            } catch {
                #expect("\(error)".contains(message), "\(error)")
            }
        }
    }

    @Test func theChecksPassAndFailOnWhatTheModelDid() throws {
        let steps = #"""
            { "at": "2026-03-02T08:00", "action": "launchApp" },
            { "at": "2026-03-02T08:00", "action": "submitTask", "task": "refresh", "kind": "appRefresh", "earliestBeginIn": "2h" },
            { "at": "2026-03-02T08:00", "action": "submitTask", "task": "second", "kind": "appRefresh" },
            { "at": "2026-03-02T08:00", "action": "submitTask", "task": "unlisted", "kind": "processing", "permitted": false }
            """#
        let checks = #"""
            { "id": "not-before-earliest", "assert": "taskRan", "task": "refresh", "from": "2026-03-02T10:00", "equals": 1 },
            { "id": "before-earliest", "assert": "taskRan", "task": "refresh", "to": "2026-03-02T09:59" },
            { "id": "second-refused", "assert": "taskRejected", "task": "second", "error": "tooManyPendingTaskRequests" },
            { "id": "second-wrong-error", "assert": "taskRejected", "task": "second", "error": "unavailable" },
            { "id": "second-not-ran", "assert": "taskNotRan", "task": "second" },
            { "id": "unlisted-refused", "assert": "taskRejected", "task": "unlisted", "error": "notPermitted" },
            { "id": "refresh-not-rejected", "assert": "taskRejected", "task": "refresh" },
            { "id": "refresh-not-ran", "assert": "taskNotRan", "task": "refresh" }
            """#
        let result = try Self.run(Self.scenario(steps: steps, checks: checks))
        #expect(
            Self.outcomes(result) == [
                "not-before-earliest": true, "before-earliest": false, "second-refused": true, "second-wrong-error": false,
                "second-not-ran": true, "unlisted-refused": true, "refresh-not-rejected": false, "refresh-not-ran": false,
            ])
    }

    @Test func theScriptedHandlerRunsInsteadOfThePlugins() throws {
        // A 60 s handler overruns the 30 s refresh budget (I16, I17): only the scripted handler's
        // run time can make the task expire.
        let result = try Self.run(
            Self.scenario(
                steps: #"""
                    { "at": "2026-03-02T08:00", "action": "launchApp" },
                    { "at": "2026-03-02T08:00", "action": "submitTask", "task": "slow", "kind": "appRefresh", "runTime": "60s" }
                    """#,
                checks: #"{ "id": "ran", "assert": "taskRan", "task": "slow", "equals": 1 }, { "id": "expired", "assert": "ruleApplied", "rule": "I17" }"#))
        #expect(result.expectations.allSatisfy { $0.passed }, "\(result.expectations)")
    }

    @Test func theTaskChecksAreIOSOnly() {
        let text = """
            { "id": "t/android", "title": "t", "platform": "android", "device": { "profile": "android-stock", "apiLevel": 34 },
              "timeZone": "Europe/Berlin", "start": "2026-03-02T08:00", "end": "2026-03-02T12:00", "steps": [],
              "expected": { "os": "-", "plugin": "-", "checks": [ { "id": "c", "assert": "taskRan", "task": "t" } ] } }
            """
        do {
            _ = try ScenarioDecoder(file: "t.json").decode(Array(text.utf8))
            Issue.record("an Android scenario accepted taskRan")
        } catch {
            #expect("\(error)".contains(#""taskRan", which is iOS's (the scripted test app)"#), "\(error)")
        }
    }
}
