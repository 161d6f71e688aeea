/// What the app declares in its AndroidManifest.xml that the OS model consults.
public struct AndroidManifest: Sendable, Hashable {
    /// Actions for which a manifest broadcast receiver is declared (and its permission held,
    /// e.g. RECEIVE_BOOT_COMPLETED for BOOT_COMPLETED).
    public var receiverActions: Set<String>
    /// Whether those receivers are `directBootAware` (receive LOCKED_BOOT_COMPLETED, A33).
    public var directBootAware: Bool
    /// Whether SCHEDULE_EXACT_ALARM is declared.
    public var declaresScheduleExactAlarm: Bool
    /// Whether USE_EXACT_ALARM is declared (A21).
    public var declaresUseExactAlarm: Bool
    /// The app's targetSdkVersion.
    public var targetSdk: Int

    /// Creates a manifest.
    public init(
        receiverActions: Set<String>, directBootAware: Bool = false, declaresScheduleExactAlarm: Bool = true,
        declaresUseExactAlarm: Bool = false, targetSdk: Int = 34
    ) {
        self.receiverActions = receiverActions
        self.directBootAware = directBootAware
        self.declaresScheduleExactAlarm = declaresScheduleExactAlarm
        self.declaresUseExactAlarm = declaresUseExactAlarm
        self.targetSdk = targetSdk
    }
}
