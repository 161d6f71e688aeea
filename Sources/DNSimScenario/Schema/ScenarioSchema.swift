import DNSimCore
import DNSimCalendar
import DNSimPlatforms
import DNSimPlugin

/// The JSON Schema of scenario files, built from the same names the decoder accepts.
///
/// It declares draft 2020-12 but uses only keywords draft-07 also has (plus `$defs`), so
/// editors that only fully support draft-07 still validate and autocomplete scenarios.
/// ``ScenarioDecoder`` stays the source of truth; a test checks that every action and assertion
/// the decoder knows appears here and that `schema/scenario.schema.json` matches this output.
public enum ScenarioSchema {
    /// The schema's `$id`.
    public static let id = "https://dnsim.dev/schema/scenario.schema.json"

    /// The schema document.
    public static func document() -> JSONValue {
        .object(
            JSONObject([
                ("$schema", "https://json-schema.org/draft/2020-12/schema"),
                ("$id", .string(id)),
                ("title", "dnsim scenario"),
                ("description", "A scripted scenario for dnsim: device, plugin build, timeline of steps, expectations."),
                ("type", "object"),
                ("additionalProperties", false),
                ("required", ["id", "title", "platform", "device", "timeZone", "start", "steps", "expected"]),
                ("oneOf", [["required": ["end"]], ["required": ["duration"]]]),
                (
                    "properties",
                    .object(
                        JSONObject([
                            ("$schema", ["type": "string", "description": "Path or URL of this schema, for editors."]),
                            (
                                "id",
                                [
                                    "type": "string", "minLength": 1, "maxLength": 120,
                                    "pattern": #"^(?!/)(?!(.*/)?\.\.(/|$))[^\\\u0000-\u001F\u007F]+$"#,
                                    "description": "A stable id such as \"android/daily-basic\"; it names the report files (/ written as -), so: 1 to 120 bytes, no control characters, no backslash, no leading / and no .. segment.",
                                ]
                            ),
                            ("title", text("A one-line title.")),
                            ("description", text("Free text.")),
                            ("row", text("The seed §4 Test Validation Outputs row, e.g. \"Device reboot\".")),
                            ("platform", enumeration(ScenarioPlatform.allCases.map(\.rawValue), "The platform.")),
                            ("device", ref("device")),
                            ("timeZone", ref("zone")),
                            ("start", ref("localDateTime")),
                            ("end", ref("localDateTime")),
                            ("duration", ref("duration")),
                            (
                                "seed",
                                ["type": "integer", "minimum": 0, "description": "The run seed (default 1)."]
                            ),
                            ("plugin", ref("plugin")),
                            ("server", ref("server")),
                            ("os", ref("os")),
                            ("steps", ["type": "array", "items": ref("step")]),
                            ("expected", ref("expected")),
                        ]))
                ),
                ("$defs", .object(definitions())),
            ]))
    }

    /// The schema as pretty JSON with a final newline.
    public static func render() -> String { JSONWriter.string(document(), style: .pretty) + "\n" }

    private static func text(_ description: String) -> JSONValue {
        ["type": "string", "description": .string(description)]
    }

    private static func ref(_ name: String) -> JSONValue { ["$ref": .string("#/$defs/\(name)")] }

    private static func enumeration(_ values: [String], _ description: String) -> JSONValue {
        ["type": "string", "enum": .array(values.map { .string($0) }), "description": .string(description)]
    }

    private static func object(_ properties: [(String, JSONValue)], required: [String] = [], description: String)
        -> JSONValue
    {
        var object = JSONObject([
            ("type", "object"), ("additionalProperties", false), ("description", .string(description)),
            ("properties", .object(JSONObject(properties.map { (key: $0.0, value: $0.1) }))),
        ])
        if !required.isEmpty { object["required"] = .array(required.map { .string($0) }) }
        return .object(object)
    }

    private static func definitions() -> JSONObject {
        let count: [(String, JSONValue)] = [
            ("equals", ["type": "integer", "minimum": 0]), ("atLeast", ["type": "integer", "minimum": 0]),
            ("atMost", ["type": "integer", "minimum": 0]),
        ]
        return JSONObject([
            (
                "duration",
                [
                    "type": "string", "pattern": "^([0-9]+d)?([0-9]+h)?([0-9]+m)?([0-9]+s)?([0-9]+ms)?$",
                    "description": "A duration: 500ms, 90s, 15m, 2h, 1d, or a concatenation in descending units (1d2h30m).",
                    "examples": ["15m", "1d2h"],
                ]
            ),
            (
                "signedDuration",
                [
                    "type": "string", "pattern": "^-?([0-9]+d)?([0-9]+h)?([0-9]+m)?([0-9]+s)?([0-9]+ms)?$",
                    "description": "A duration that may start with '-'.",
                ]
            ),
            (
                "localDateTime",
                [
                    "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2})?$",
                    "description": "A local date-time in the scenario's zone, YYYY-MM-DDTHH:mm[:ss].",
                    "examples": ["2026-03-29T09:00"],
                ]
            ),
            (
                "localTime",
                ["type": "string", "pattern": "^[0-9]{2}:[0-9]{2}$", "description": "A wall time HH:mm (24-hour)."]
            ),
            (
                "localDate",
                ["type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "description": "A local date YYYY-MM-DD."]
            ),
            ("zone", ["type": "string", "description": "An IANA time-zone id.", "examples": ["Europe/Berlin"]]),
            (
                "device",
                object(
                    [
                        (
                            "profile",
                            enumeration(
                                AndroidProfileNames.all + IOSDeviceProfile.names + ElectronDeviceProfile.names,
                                "The device profile (default android-stock, ios-default or electron-macos).")
                        ),
                        ("apiLevel", ["type": "integer", "minimum": 26, "maximum": 36, "description": "Android: the API level (34 is Android 14; docs/scenario-format.md#api-levels)."]),
                        ("osVersion", ["type": "integer", "minimum": 15, "maximum": 26, "description": "iOS: the major version."]),
                        ("electronVersion", ["type": "integer", "minimum": 20, "maximum": 40, "description": "Electron: the major version."]),
                    ], description: "The simulated device: apiLevel on Android, osVersion on iOS, electronVersion on Electron.")
            ),
            (
                "plugin",
                object(
                    [
                        ("profile", enumeration(PluginProfile.allCases.map(\.rawValue), "The plugin logic profile (default corrected).")),
                        ("policy", text("A policy file (relative to this file) that replaces the profile's preset; not with \"profile\". dnsim schema --policy describes it.")),
                        ("bootReceiver", ["type": "boolean", "description": "Declare the BOOT_COMPLETED receiver (default true)."]),
                        ("directBootAware", ["type": "boolean", "description": "Receivers are direct-boot aware (default false)."]),
                        ("targetSdk", ["type": "integer", "description": "The app's targetSdkVersion (default 34)."]),
                        ("scheduleExactAlarm", ["type": "boolean", "description": "Android: the manifest declares SCHEDULE_EXACT_ALARM, the permission the user grants and revokes (default true; A22)."]),
                        ("useExactAlarm", ["type": "boolean", "description": "Android: the manifest declares USE_EXACT_ALARM, granted at install and not revocable, for targetSdk 33+ on API 33+ (default false; A21)."]),
                        ("taskIdentifierInInfoPlist", ["type": "boolean", "description": "iOS: the refresh identifier is in BGTaskSchedulerPermittedIdentifiers (default true; false is BGTASK-CONFIG-FAULT)."]),
                        ("openAtLogin", ["type": "boolean", "description": "Electron: register to open at login (macOS, Windows; default true)."]),
                        ("linuxAutostartEntry", ["type": "boolean", "description": "Electron: the Linux package installs an autostart entry (default false)."]),
                        ("ttlSeconds", ["type": "integer", "minimum": 60, "maximum": 2_592_000, "description": "Content older than this at fire time is stale (default 86400)."]),
                        ("staleAction", enumeration(FreshnessPolicy.StaleAction.allCases.map(\.rawValue), "A stale occurrence: skip (seed 004) or fallback to the static template (corrected's default).")),
                        ("prefetchLeadMinutes", ["type": "integer", "minimum": 0, "maximum": 720, "description": "Minutes before each slot for the single prefetch attempt (default 5)."]),
                    ], description: "How the plugin was built into the app.")
            ),
            (
                "server",
                object(
                    [
                        ("newVersionDailyAt", ["type": "string", "description": "HH:mm local time a new version is published each day, or \"never\" (default 06:00)."]),
                        ("latencyMinMs", ["type": "integer", "minimum": 0, "maximum": 60_000]),
                        ("latencyMaxMs", ["type": "integer", "minimum": 0, "maximum": 60_000]),
                    ], description: "The plugin's content server.")
            ),
            (
                "os",
                object(
                    [
                        ("exactAlarmGranted", ["type": "boolean", "description": "SCHEDULE_EXACT_ALARM at start (default: the API level's new-install default)."]),
                        ("postNotificationsGranted", ["type": "boolean", "description": "POST_NOTIFICATIONS at start (default true)."]),
                        ("updateClearsAlarms", ["type": "boolean", "description": "The contested claim that an app update clears alarms (A17; default false)."]),
                        ("authorization", enumeration(IOSAuthorizationStatus.allCases.map(\.rawValue), "iOS: notification authorization at the start (default authorized).")),
                        ("pendingIntentsSurviveForceStop", ["type": "boolean", "description": "Android below API 35: whether the app's PendingIntents survive a force stop (A59; default false)."]),
                        ("keepPolicy", enumeration(IOSParameters.KeepPolicy.allCases.map(\.rawValue), "iOS: which requests survive past 64 (I1; default lastAdded).")),
                        ("missedWhileOff", enumeration(IOSParameters.MissedWhileOffPolicy.allCases.map(\.rawValue), "iOS: a notification due while the device is off (I24; default deliverAtBoot).")),
                        ("timersPauseDuringSleep", ["type": "boolean", "description": "Electron: whether timers' remaining delay freezes during sleep (E3; default true)."]),
                        ("nonexistentTimePolicy", enumeration(GapPolicy.allCases.map(\.rawValue), "iOS: a calendar trigger at a nonexistent local time (I5; default shiftForward).")),
                        ("deliveryDriftMs", ["type": "integer", "minimum": 0, "maximum": 3_600_000, "description": "iOS: delivery drift bound (S6; default 0)."]),
                        ("refreshRunPercent", ["type": "integer", "minimum": 0, "maximum": 100, "description": "iOS: chance a BGAppRefresh request ever runs (I15; default 70)."]),
                        ("inexactDeferralPercent", ["type": "integer", "minimum": 0, "maximum": 100, "description": "Largest inexact-alarm deferral as % of the delay (A4, default 75)."]),
                    ], description: "OS parameter overrides.")
            ),
            ("step", ["allOf": [["oneOf": [["required": ["at"]], ["required": ["after"]]]], ["oneOf": .array(stepVariants())]]]),
            (
                "expected",
                object(
                    [
                        ("os", text("The \"OS Expected\" column, in words.")),
                        ("plugin", text("The \"Plugin Expected\" column, in words.")),
                        (
                            "findings",
                            [
                                "type": "object",
                                "description": "Checks expected to fail under a profile (findings about it, not regressions), by profile name.",
                                "propertyNames": ["enum": .array(PluginProfile.allCases.map { .string($0.rawValue) })],
                                "additionalProperties": ["type": "array", "items": ["type": "string"], "uniqueItems": true],
                            ]
                        ),
                        ("checks", ["type": "array", "items": ["oneOf": .array(checkVariants(count: count))]]),
                    ], required: ["os", "plugin", "checks"], description: "What must hold.")
            ),
        ])
    }

    private static let settingsFields: [(String, JSONValue)] = [
        ("ttlSeconds", ["type": "integer", "minimum": 60, "maximum": 2_592_000]),
        ("staleAction", ["type": "string", "enum": .array(FreshnessPolicy.StaleAction.allCases.map { .string($0.rawValue) })]),
        ("prefetchLeadMinutes", ["type": "integer", "minimum": 0, "maximum": 720]),
    ]

    private static func stepVariants() -> [JSONValue] {
        let timing: [(String, JSONValue)] = [
            ("at", ref("localDateTime")), ("after", ref("duration")),
        ]
        func variant(_ name: String, _ description: String, _ extra: [(String, JSONValue)] = [], required: [String] = [])
            -> JSONValue
        {
            object(
                timing + [("action", ["const": .string(name)])] + extra, required: ["action"] + required,
                description: description)
        }
        return [
            variant("launchApp", "The user opens the app from the launcher (unlocking first if needed)."),
            variant("backgroundApp", "The user goes to the home screen; the process keeps running."),
            variant("swipeFromRecents", "The user swipes the app away from recents."),
            variant("forceStop", "Settings → Force stop."),
            variant("killProcess", "The system kills the process for memory."),
            variant(
                "reboot", "Power off now, on after offFor (default 1m); the user unlocks (Android) or logs in (Electron) unlockAfter the boot, or waits for an unlock/login step.",
                [("offFor", ref("duration")), ("unlockAfter", ref("duration"))]),
            variant("unlock", "The user unlocks the device."),
            variant(
                "setClock", "Set the wall clock to a local time (device zone) or shift it.",
                [
                    ("to", ref("localDateTime")), ("shiftBy", ref("signedDuration")),
                    ("source", enumeration(["manual", "network"], "Who set it: the user or a network time correction (default manual).")),
                ]),
            variant("setTimeZone", "The device's zone changes.", [("zone", ref("zone"))], required: ["zone"]),
            variant(
                "setNotificationPermission", "The user grants or revokes notifications.",
                [("granted", ["type": "boolean"])], required: ["granted"]),
            variant(
                "scheduleDailyNotification", "The app calls scheduleDailyNotification.",
                [
                    ("time", ["type": "string", "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$", "description": "HH:mm on a 24-hour clock, two digits each: the only form the plugin accepts."]),
                    ("title", ["type": "string"]), ("body", ["type": "string"]),
                    ("id", ["type": "string", "minLength": 1, "description": "The slot id; default daily-HHMM from the time (09:00 is daily-0900)."]),
                ], required: ["time"]),
            variant("cancelAllNotifications", "The app calls cancelAllNotifications."),
            variant("getNotificationStatus", "The app calls getNotificationStatus; the answer is kept for statusReports checks."),
            variant("getLastNotification", "The app calls getLastNotification; statusReports can check lastSlot and lastLocalDate."),
            variant("configure", "The app calls configure: the run-time settings are replaced.", settingsFields),
            variant("updateSettings", "The app calls updateSettings: the given settings change, the rest stay.", settingsFields),
            variant("setDeviceIdle", "The device enters deep Doze (true) or becomes active (false).", [("idle", ["type": "boolean"])], required: ["idle"]),
            variant("setCharging", "The device is plugged in (lifts Doze and standby limits) or unplugged.", [("charging", ["type": "boolean"])], required: ["charging"]),
            variant(
                "setScreen",
                "Android: the screen goes on (true: Doze ends, A64; non-wakeup alarms held while asleep are delivered, A65) or off (false: on battery, deep Doze begins after android.doze.idleAfterScreenOff, A63).",
                [("on", ["type": "boolean"])], required: ["on"]),
            variant(
                "setStandbyBucket", "The app's standby bucket changes.",
                [("bucket", enumeration(AndroidStandbyBucket.allCases.map(\.rawValue), "The bucket."))], required: ["bucket"]),
            variant("setBatterySaver", "Android: battery saver on or off (A60).", [("on", ["type": "boolean"])], required: ["on"]),
            variant(
                "setPowerAllowlist", "Android: the app is put on (true) or taken off the battery-optimisation allowlist (A61).",
                [("allowlisted", ["type": "boolean"])], required: ["allowlisted"]),
            variant(
                "setBackgroundRestricted", "Android: the user sets the app's battery use to Restricted (true) or lifts it (A62).",
                [("restricted", ["type": "boolean"])], required: ["restricted"]),
            variant("setNetwork", "The network goes up or down.", [("available", ["type": "boolean"])], required: ["available"]),
            variant("revokeExactAlarm", "The user revokes SCHEDULE_EXACT_ALARM (A23)."),
            variant("grantExactAlarm", "The user grants SCHEDULE_EXACT_ALARM (A24)."),
            variant("setChannelBlocked", "The user blocks or unblocks the notification channel (A51).", [("blocked", ["type": "boolean"])], required: ["blocked"]),
            variant("updateApp", "The app is updated in place (A17, A35)."),
            variant("injectAlarmLoss", "Fault injection: a slot's alarm (or every alarm) silently disappears.", [("slot", ["type": "string"])]),
            variant(
                "setAlarm",
                "Android, the scripted test app: an AlarmManager set… call of its own, to check the OS model against the platform's tests (exactly one of triggerAt and triggerIn).",
                [
                    ("alarm", ["type": "string", "description": "The alarm's id (its PendingIntent)."]),
                    ("method", enumeration(AndroidAlarm.Method.allCases.map(\.rawValue), "The AlarmManager method.")),
                    ("type", enumeration(AndroidAlarm.ClockType.allCases.map(\.rawValue), "The clock (default rtcWakeup; setAlarmClock is always rtcWakeup).")),
                    ("triggerAt", ref("localDateTime")),
                    ("triggerIn", ref("signedDuration")),
                    ("window", ref("duration")),
                ], required: ["alarm", "method"]),
            variant("cancelAlarm", "Android, the scripted test app: AlarmManager.cancel of one of its alarms.", [("alarm", ["type": "string"])], required: ["alarm"]),
            variant(
                "enqueueWork",
                "Android, the scripted test app: WorkManager.enqueueUniqueWork of work of its own (unique name testapp.<work>): oneTime, or periodic with interval (required; A45: at least 15 min) and flex (A45: 5 min to the interval; default the interval), either with an initialDelay (default 0; for periodic work it delays the first period, A57); requiresNetwork (A48), backoffPolicy and backoffDelay (A46: 10 s to 5 h; default exponential, 30s), the worker's results by run-attempt count (the last repeats; default success), its runTime (A47: stopped at 10 min), existingWorkPolicy (default replace).",
                [
                    ("work", ["type": "string", "description": "The work's id."]),
                    ("kind", enumeration(["oneTime", "periodic"], "OneTimeWorkRequest or PeriodicWorkRequest.")),
                    ("initialDelay", ref("duration")),
                    ("interval", ref("duration")),
                    ("flex", ref("duration")),
                    ("requiresNetwork", ["type": "boolean", "description": "NetworkType.CONNECTED required (A48; default false)."]),
                    ("backoffPolicy", enumeration(AndroidWorkRequest.BackoffPolicy.allCases.map(\.rawValue), "The backoff policy (A46; default exponential).")),
                    ("backoffDelay", ref("duration")),
                    (
                        "results",
                        [
                            "type": "array", "minItems": 1,
                            "items": enumeration(AndroidWorkOutcome.Result.allCases.map(\.rawValue), "A ListenableWorker.Result."),
                            "description": "What the worker returns by run-attempt count: the n-th result for count n, the last for every later attempt (default [\"success\"]).",
                        ]
                    ),
                    ("runTime", ref("duration")),
                    ("existingWorkPolicy", enumeration(AndroidExistingWorkPolicy.allCases.map(\.rawValue), "ExistingWorkPolicy (default replace).")),
                ], required: ["work", "kind"]),
            variant("cancelWork", "Android, the scripted test app: WorkManager.cancelUniqueWork of one of its works.", [("work", ["type": "string"])], required: ["work"]),
            variant(
                "addRequest",
                "iOS, the scripted test app: UNUserNotificationCenter.add of a request of its own (identifier testapp.<request>), with a calendar trigger (time, optional date and zone) or a time-interval trigger (seconds).",
                [
                    ("request", ["type": "string", "description": "The request's id."]),
                    ("trigger", enumeration(["calendar", "interval"], "UNCalendarNotificationTrigger or UNTimeIntervalNotificationTrigger.")),
                    ("time", ["type": "string", "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$", "description": "calendar: the wall time HH:mm."]),
                    ("date", ["type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "description": "calendar: a date (otherwise every day)."]),
                    ("zone", ["type": "string", "description": "calendar: an IANA zone pinning the trigger (otherwise it floats, I4)."]),
                    ("seconds", ["type": "integer", "description": "interval: seconds after the add (I2: repeating needs 60 or more)."]),
                    ("repeats", ["type": "boolean"]),
                ], required: ["request", "trigger"]),
            variant("removePending", "iOS, the scripted test app: removePendingNotificationRequests of one of its requests.", [("request", ["type": "string"])], required: ["request"]),
            variant(
                "submitTask",
                "iOS, the scripted test app: BGTaskScheduler.submit of a task request of its own (identifier testapp.<task>): kind appRefresh or processing, at most one of earliestBeginAt and earliestBeginIn (I15: a lower bound), permitted (default true: the identifier is in BGTaskSchedulerPermittedIdentifiers with a registered launch handler; false: submit throws notPermitted, I20), runTime of the launch handler (default 2s).",
                [
                    ("task", ["type": "string", "description": "The task's id."]),
                    ("kind", enumeration(IOSBackgroundTaskRequest.Kind.allCases.map(\.rawValue), "BGAppRefreshTaskRequest or BGProcessingTaskRequest.")),
                    ("earliestBeginAt", ref("localDateTime")),
                    ("earliestBeginIn", ref("duration")),
                    ("permitted", ["type": "boolean"]),
                    ("runTime", ref("duration")),
                ], required: ["task", "kind"]),
            variant(
                "setAuthorization", "iOS: the user changes notification authorization (I8).",
                [("status", enumeration(IOSAuthorizationStatus.allCases.map(\.rawValue), "The status."))], required: ["status"]),
            variant("setLowPowerMode", "iOS: Low Power Mode on or off (I21).", [("on", ["type": "boolean"])], required: ["on"]),
            variant("setBackgroundAppRefresh", "iOS: the Background App Refresh switch (I20).", [("enabled", ["type": "boolean"])], required: ["enabled"]),
            variant("clearDeliveredNotifications", "iOS: the user clears Notification Center (I9)."),
            variant("tapNotification", "iOS: the user taps the latest delivered notification (I6)."),
            variant("reinstallApp", "The user uninstalls and reinstalls the app: OS schedules and storage gone, permissions reset."),
            variant("failNextBackgroundStart", "Android fault injection: the next alarm-driven process start fails (OEM autostart block)."),
            variant("corruptStoredSlot", "Fault injection: a slot's stored record stops deserializing.", [("slot", ["type": "string"])], required: ["slot"]),
            variant("quitApp", "Electron: the user quits the app (E1)."),
            variant("setSystemSleep", "Electron: the computer sleeps (true) or wakes (false) (E3).", [("asleep", ["type": "boolean"])], required: ["asleep"]),
            variant("login", "Electron: the user logs in after a reboot (E2)."),
            variant("setLoginItem", "Electron: the user toggles open-at-login (E2).", [("openAtLogin", ["type": "boolean"])], required: ["openAtLogin"]),
            variant("publishContent", "The content server publishes a new version now."),
            variant(
                "setServerFault", "The content server, or the path to it, fails (or recovers).",
                [("fault", enumeration(ContentServer.Fault.allCases.map(\.rawValue), "The fault."))], required: ["fault"]),
            variant("addOtherRequests", "iOS: other code in the app adds requests of its own (I1 budget).", [("count", ["type": "integer", "minimum": 1, "maximum": 200])], required: ["count"]),
        ]
    }

    /// Every rule id of the three catalogues, in catalogue order.
    private static let ruleIDs = (OSRule.androidCatalogue + OSRule.iosCatalogue + OSRule.electronCatalogue).map(\.id)

    private static func checkVariants(count: [(String, JSONValue)]) -> [JSONValue] {
        let common: [(String, JSONValue)] = [
            ("id", ["type": "string"]), ("description", ["type": "string"]),
            ("seedClaim", ["type": "string", "pattern": "^S([1-9]|[12][0-9]|30)$", "description": "The seed claim (S1…S28 of the seeds, S29–S30 found by dnsim; see reports/seed-claims.md) a failure exposes."]),
        ]
        func variant(_ name: String, _ description: String, _ extra: [(String, JSONValue)] = [], required: [String] = [])
            -> JSONValue
        {
            object(
                common + [("assert", ["const": .string(name)])] + extra, required: ["id", "assert"] + required,
                description: description)
        }
        let slot: (String, JSONValue) = (
            "slot",
            [
                "type": "string",
                "description": "Only this slot: daily-HHMM for a scheduleDailyNotification without an id (09:00 is daily-0900), else its id. A step must create it.",
            ]
        )
        return [
            variant("deliveryCount", "Notifications shown.", count + [slot]),
            variant("missedCount", "Planned occurrences never shown.", count + [slot]),
            variant("suppressedCount", "Posts the OS did not show.", count + [slot]),
            variant("pluginReportedMissed", "Occurrences the plugin recorded as missed.", count),
            variant(
                "deliveredAtLocalTime", "Every notification shown at this local wall time.",
                [("time", ref("localTime")), ("toleranceMs", ["type": "integer", "minimum": 0]), slot], required: ["time"]),
            variant("maxLatenessMs", "No notification later than this.", [("value", ["type": "integer", "minimum": 0]), slot], required: ["value"]),
            variant("delivered", "The occurrence of this local date was shown.", [("localDate", ref("localDate")), slot], required: ["localDate"]),
            variant("notDelivered", "The occurrence of this local date was not shown.", [("localDate", ref("localDate")), slot], required: ["localDate"]),
            variant("errorCode", "The plugin API returned this error code.", [("code", ["type": "string", "enum": .array(PluginError.allCodes.map { .string($0) })])], required: ["code"]),
            variant("noErrors", "The plugin API returned no error."),
            variant("noDuplicateDeliveries", "No occurrence was shown twice."),
            variant("armedAtEnd", "Alarms the OS holds for the app at the end.", count),
            variant("noDuplicateAlarms", "At the end the OS holds at most one alarm per occurrence."),
            variant(
                "ruleApplied", "The trace shows this OS rule deciding something.",
                [("rule", enumeration(ruleIDs, "An OS rule id of the scenario's platform (dnsim rules)."))], required: ["rule"]),
            variant("staleDeliveries", "Deliveries whose content was older than the TTL when shown.", count),
            variant("skippedCount", "Occurrences the plugin deliberately skipped (TTL-at-fire).", count + [slot]),
            variant("prefetchAttempts", "Content fetches made.", count),
            variant("freshDeliveries", "Deliveries showing the server's current content version.", count),
            variant(
                "prefetchHitRate", "The prefetch hit rate at T–lead, in whole percent.",
                count.map { ($0.0, ["type": "integer", "minimum": 0, "maximum": 100]) }),
            variant("notModifiedFetches", "Fetches answered 304 Not Modified (the ETag was sent and honoured).", count),
            variant(
                "alarmFired", "Android, the scripted test app: its alarm fired, from `from` to `to` inclusive (device-clock local date-times) when given.",
                [("alarm", ["type": "string"]), ("from", ref("localDateTime")), ("to", ref("localDateTime"))], required: ["alarm"]),
            variant("alarmNotFired", "Android, the scripted test app: its alarm never fired.", [("alarm", ["type": "string"])], required: ["alarm"]),
            variant("alarmRejected", "Android, the scripted test app: setting its alarm threw a SecurityException (A19).", [("alarm", ["type": "string"])], required: ["alarm"]),
            variant(
                "workRan", "Android, the scripted test app: its work ran (count bounds on its runs when given), its run-th run (1-based, default 1) starting within [from, to] (device-clock local date-times) when given.",
                [("work", ["type": "string"]), ("run", ["type": "integer", "minimum": 1, "maximum": 10000]), ("from", ref("localDateTime")), ("to", ref("localDateTime"))] + count,
                required: ["work"]),
            variant("workNotRan", "Android, the scripted test app: its work never ran.", [("work", ["type": "string"])], required: ["work"]),
            variant(
                "requestDelivered", "iOS, the scripted test app: its request was delivered (count bounds when given), first within [from, to] (device-clock local date-times) when given.",
                [("request", ["type": "string"]), ("from", ref("localDateTime")), ("to", ref("localDateTime"))] + count, required: ["request"]),
            variant("requestNotDelivered", "iOS, the scripted test app: its request was never delivered.", [("request", ["type": "string"])], required: ["request"]),
            variant("requestDropped", "iOS, the scripted test app: the 64-pending limit dropped its request (I1).", [("request", ["type": "string"])], required: ["request"]),
            variant("requestRejected", "iOS, the scripted test app: add refused its request (I2).", [("request", ["type": "string"])], required: ["request"]),
            variant(
                "taskRan", "iOS, the scripted test app: the system launched its background task (count bounds when given), first within [from, to] (device-clock local date-times) when given.",
                [("task", ["type": "string"]), ("from", ref("localDateTime")), ("to", ref("localDateTime"))] + count, required: ["task"]),
            variant("taskNotRan", "iOS, the scripted test app: its background task was never launched.", [("task", ["type": "string"])], required: ["task"]),
            variant(
                "taskRejected", "iOS, the scripted test app: submit threw for its task request (that error when given).",
                [("task", ["type": "string"]), ("error", enumeration(IOSBackgroundTaskError.allCases.map(\.rawValue), "BGTaskScheduler.Error.Code."))], required: ["task"]),
            variant(
                "statusReports", "The last getNotificationStatus answer had this value.",
                [("field", enumeration(StatusFields.names(on: nil), "A field of the getNotificationStatus answer, or lastSlot / lastLocalDate of getLastNotification.")), ("equals", ["type": "string"])], required: ["field", "equals"]),
        ]
    }
}
