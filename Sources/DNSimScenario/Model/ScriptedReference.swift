/// An alarm, work, request or task of the scripted test app, by the id a step gives it: what a
/// check names, and what the decoder makes sure some step creates.
public struct ScriptedReference: Sendable, Hashable {
    /// What is referred to.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// An Android alarm (`setAlarm`).
        case alarm
        /// Android WorkManager work (`enqueueWork`).
        case work
        /// An iOS notification request (`addRequest`).
        case request
        /// An iOS background task request (`submitTask`).
        case task

        /// The member that names it, in steps and checks.
        public var member: String { rawValue }

        /// The action of the step that creates it.
        public var creatingAction: String {
            switch self {
            case .alarm: "setAlarm"
            case .work: "enqueueWork"
            case .request: "addRequest"
            case .task: "submitTask"
            }
        }
    }

    /// What is referred to.
    public var kind: Kind
    /// Its id in the scenario.
    public var id: String

    /// Creates a reference.
    public init(kind: Kind, id: String) {
        self.kind = kind
        self.id = id
    }

    /// What a step creates, if it is one that creates a scripted alarm, work, request or task.
    public init?(creatingStep action: ScenarioAction) {
        switch action {
        case .setAlarm(let alarm): self.init(kind: .alarm, id: alarm.id)
        case .enqueueWork(let work): self.init(kind: .work, id: work.id)
        case .addRequest(let request): self.init(kind: .request, id: request.id)
        case .submitTask(let task): self.init(kind: .task, id: task.id)
        default: return nil
        }
    }
}
