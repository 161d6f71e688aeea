import DNSimCalendar
import DNSimCore
import DNSimPlatforms
@testable import DNSimScenario
import Testing

/// The scripted test app's `setAlarm` / `cancelAlarm` steps and their checks.
struct ScriptedAlarmTests {
    static func scenario(steps: String, checks: String, os: String = #"{ "exactAlarmGranted": true }"#) -> String {
        """
        { "id": "t/scripted", "title": "t", "platform": "android", "device": { "profile": "android-stock", "apiLevel": 34 },
          "timeZone": "Europe/Berlin", "start": "2026-03-02T08:00", "end": "2026-03-02T12:00", "os": \(os),
          "steps": [ \(steps) ],
          "expected": { "os": "-", "plugin": "-", "checks": [ \(checks) ] } }
        """
    }

    static func run(_ text: String) throws -> RunResult {
        let scenario = try ScenarioDecoder(file: "t.json").decode(Array(text.utf8))
        return try ScenarioRunner.run(scenario)
    }

    @Test func aSetAlarmStepDecodesEveryField() throws {
        let text = Self.scenario(
            steps: #"{ "at": "2026-03-02T08:00", "action": "setAlarm", "alarm": "w", "method": "setWindow", "type": "rtc", "triggerIn": "-5m", "window": "15m" }"#,
            checks: #"{ "id": "c", "assert": "alarmFired", "alarm": "w" }"#)
        let scenario = try ScenarioDecoder(file: "t.json").decode(Array(text.utf8))
        #expect(scenario.steps[0].action == .setAlarm(ScriptedAlarm(id: "w", method: .setWindow, type: .rtc, trigger: .after(.minutes(-5)), window: .minutes(15))))
    }

    @Test func badSetAlarmStepsAreRejectedWithTheirPointer() {
        let cases: [(String, String)] = [
            (#"{ "at": "2026-03-02T08:00", "action": "setAlarm", "alarm": "a", "method": "setExact" }"#,
             "at /steps/0: expected exactly one of \"triggerAt\" (a local date-time) or \"triggerIn\" (a signed duration from the step), found neither"),
            (#"{ "at": "2026-03-02T08:00", "action": "setAlarm", "alarm": "a", "method": "setExakt", "triggerIn": "1m" }"#, "at /steps/0/method:"),
            (#"{ "at": "2026-03-02T08:00", "action": "setAlarm", "alarm": "a", "method": "setWindow", "triggerIn": "1m" }"#,
             "at /steps/0/window: expected a window length for setWindow (e.g. \"15m\"), found none"),
        ]
        for (step, message) in cases {
            let text = Self.scenario(steps: step, checks: #"{ "id": "c", "assert": "noErrors" }"#)
            #expect(throws: (any Error).self) { try ScenarioDecoder(file: "t.json").decode(Array(text.utf8)) }
            do {
                _ = try ScenarioDecoder(file: "t.json").decode(Array(text.utf8))
            } catch {
                #expect("\(error)".contains(message), "\(error)")
            }
        }
    }

    @Test func theChecksPassAndFailOnWhatTheModelDid() throws {
        let steps = #"""
            { "at": "2026-03-02T08:00", "action": "setAlarm", "alarm": "on-time", "method": "setExact", "triggerAt": "2026-03-02T09:00" },
            { "at": "2026-03-02T08:00", "action": "setAlarm", "alarm": "cancelled", "method": "setExact", "triggerAt": "2026-03-02T09:00" },
            { "at": "2026-03-02T08:30", "action": "cancelAlarm", "alarm": "cancelled" }
            """#
        let checks = #"""
            { "id": "fires", "assert": "alarmFired", "alarm": "on-time", "from": "2026-03-02T09:00", "to": "2026-03-02T09:00" },
            { "id": "too-late", "assert": "alarmFired", "alarm": "on-time", "from": "2026-03-02T09:01" },
            { "id": "cancelled", "assert": "alarmNotFired", "alarm": "cancelled" },
            { "id": "not-rejected", "assert": "alarmRejected", "alarm": "on-time" }
            """#
        let result = try Self.run(Self.scenario(steps: steps, checks: checks))
        let outcome = Dictionary(uniqueKeysWithValues: result.expectations.map { ($0.id, $0.passed) })
        #expect(outcome == ["fires": true, "too-late": false, "cancelled": true, "not-rejected": false])
    }

    @Test func aSecurityExceptionIsRecordedAsARejection() throws {
        let result = try Self.run(
            Self.scenario(
                steps: #"{ "at": "2026-03-02T08:00", "action": "setAlarm", "alarm": "a", "method": "setAlarmClock", "triggerIn": "1m" }"#,
                checks: #"{ "id": "r", "assert": "alarmRejected", "alarm": "a" }, { "id": "n", "assert": "alarmNotFired", "alarm": "a" }"#,
                os: #"{ "exactAlarmGranted": false }"#))
        #expect(result.scriptedRejections == ["a"])
        #expect(result.expectations.allSatisfy { $0.passed })
    }

    @Test func theTestAppsChecksAreAndroidOnly() {
        let text = """
            { "id": "t/ios", "title": "t", "platform": "ios", "device": { "profile": "ios-default", "osVersion": 17 },
              "timeZone": "Europe/Berlin", "start": "2026-03-02T08:00", "end": "2026-03-02T12:00", "steps": [],
              "expected": { "os": "-", "plugin": "-", "checks": [ { "id": "c", "assert": "alarmFired", "alarm": "a" } ] } }
            """
        do {
            _ = try ScenarioDecoder(file: "t.json").decode(Array(text.utf8))
            Issue.record("an iOS scenario accepted alarmFired")
        } catch {
            #expect("\(error)".contains("which is Android's (the scripted test app)"), "\(error)")
        }
    }
}

/// The scripted test app's iOS `addRequest` / `removePending` steps and their checks.
struct ScriptedRequestTests {
    static func scenario(steps: String, checks: String) -> String {
        """
        { "id": "t/requests", "title": "t", "platform": "ios", "device": { "profile": "ios-default", "osVersion": 17 },
          "timeZone": "Europe/Berlin", "start": "2026-03-02T08:00", "end": "2026-03-02T12:00",
          "steps": [ \(steps) ],
          "expected": { "os": "-", "plugin": "-", "checks": [ \(checks) ] } }
        """
    }

    @Test func anAddRequestStepDecodesBothTriggers() throws {
        let text = Self.scenario(
            steps: #"""
                { "at": "2026-03-02T08:00", "action": "addRequest", "request": "c", "trigger": "calendar", "time": "09:30", "date": "2026-03-03", "zone": "Asia/Tokyo", "repeats": false },
                { "at": "2026-03-02T08:00", "action": "addRequest", "request": "i", "trigger": "interval", "seconds": 90, "repeats": true }
                """#,
            checks: #"{ "id": "c", "assert": "requestDelivered", "request": "i", "atLeast": 1 }"#)
        let scenario = try ScenarioDecoder(file: "t.json").decode(Array(text.utf8))
        let tokyo = try #require(Zone(identifier: "Asia/Tokyo"))
        #expect(
            scenario.steps[0].action
                == .addRequest(ScriptedRequest(id: "c", trigger: .calendar(IOSDateComponents(date: LocalDate(parsing: "2026-03-03"), hour: 9, minute: 30), timeZone: tokyo, repeats: false))))
        #expect(scenario.steps[1].action == .addRequest(ScriptedRequest(id: "i", trigger: .timeInterval(seconds: 90, repeats: true))))
    }

    /// Every scripted-app check's `from`…`to` window is read one way: `requestDelivered` once
    /// accepted a `to` before its `from`, a window no delivery could fall in.
    @Test func aRequestWindowThatEndsBeforeItStartsIsRejected() {
        let text = Self.scenario(
            steps: #"{ "at": "2026-03-02T08:00", "action": "addRequest", "request": "i", "trigger": "interval", "seconds": 90 }"#,
            checks: #"{ "id": "c", "assert": "requestDelivered", "request": "i", "from": "2026-03-02T10:00", "to": "2026-03-02T09:00" }"#)
        do {
            _ = try ScenarioDecoder(file: "t.json").decode(Array(text.utf8))
            Issue.record("accepted a window that ends before it starts")
        } catch {
            #expect("\(error)".contains("at /expected/checks/0/to: expected a local date-time at or after \"from\""), "\(error)")
        }
    }

    @Test func theChecksPassAndFailOnWhatTheModelDid() throws {
        let text = Self.scenario(
            steps: #"""
                { "at": "2026-03-02T08:00", "action": "addRequest", "request": "kept", "trigger": "interval", "seconds": 60, "repeats": true },
                { "at": "2026-03-02T08:00", "action": "addRequest", "request": "gone", "trigger": "interval", "seconds": 600 },
                { "at": "2026-03-02T08:05", "action": "removePending", "request": "gone" }
                """#,
            checks: #"""
                { "id": "every-minute", "assert": "requestDelivered", "request": "kept", "from": "2026-03-02T08:01", "to": "2026-03-02T08:01", "atLeast": 200 },
                { "id": "wrong-count", "assert": "requestDelivered", "request": "kept", "equals": 3 },
                { "id": "removed", "assert": "requestNotDelivered", "request": "gone" },
                { "id": "not-dropped", "assert": "requestDropped", "request": "kept" }
                """#)
        let result = try ScenarioRunner.run(try ScenarioDecoder(file: "t.json").decode(Array(text.utf8)))
        let outcome = Dictionary(uniqueKeysWithValues: result.expectations.map { ($0.id, $0.passed) })
        #expect(outcome == ["every-minute": true, "wrong-count": false, "removed": true, "not-dropped": false])
    }
}
