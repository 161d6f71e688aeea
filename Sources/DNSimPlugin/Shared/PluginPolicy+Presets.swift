extension PluginPolicy {
    /// The preset of a profile, as `profiles/<name>.json` defines it (embedded in the binary).
    public static func preset(_ profile: PluginProfile) -> PluginPolicy { presetFile(profile).policy }

    /// The preset file of a profile: the policy, its description and each decision's comment.
    public static func presetFile(_ profile: PluginProfile) -> PolicyFile {
        switch profile {
        case .asFound: return presetFiles[0]
        case .directive: return presetFiles[1]
        case .corrected: return presetFiles[2]
        }
    }

    /// The presets, decoded once from the embedded files, in ``PluginProfile`` order.
    private static let presetFiles: [PolicyFile] = PluginProfile.allCases.map { profile in
        guard let text = presetFileTexts.first(where: { $0.profile == profile })?.text else {
            preconditionFailure("no embedded preset file for \(profile.rawValue)")
        }
        do {
            let file = try PolicyDecoder(file: "profiles/\(profile.rawValue).json").decode(Array(text.utf8), presets: nil)
            precondition(file.policy.name == profile.rawValue, "profiles/\(profile.rawValue).json names \(file.policy.name)")
            return file
        } catch {
            preconditionFailure("the embedded preset is invalid: \(error)")
        }
    }

    /// The starting point of a policy file that extends no preset (every decision must then be
    /// given, so none of these values survives).
    static let unset = PluginPolicy(
        name: "",
        android: Android(
            rollover: .calendarDay, windowDays: 1, exactAlarm: .setExact, inexactFallback: .forwardWindow, ttl: .none,
            staleActionDefault: .skip, missedAtDelivery: .ignore, launchRecovery: .none, bootRecovery: .futureOnly,
            recovery: .chained, forceStopDetection: .none, missedGraceMinutes: 0, restore: .strict, directBoot: .none,
            timeChangeReceivers: .absent, packageReplacedReceiver: .absent, exactPermissionReceiver: .absent),
        ios: IOS(
            trigger: .datedCalendar, rollover: .calendarDay, windowDays: 1, windowSizing: .fixed, ttl: .none,
            staleActionDefault: .skip, permissionCheck: .none, launchRecovery: .none, refreshAction: .fetchOnly, bgTaskMissCheck: .none,
            timeChangeCallbacks: .ignore, zoneChangeCheck: .none, timeJumpCheck: .none, restore: .strict,
            travel: .everyLocalTime, ttlHorizon: .plannedInstant),
        electron: Electron(
            rollover: .calendarDay, ttl: .none, staleActionDefault: .skip, missedGraceMinutes: 0, launchRecovery: .none,
            timerCheck: .trustTimer))
}
