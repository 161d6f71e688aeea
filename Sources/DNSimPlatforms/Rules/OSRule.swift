/// A sourced fact about an operating system that a model applies, identified as in the fact
/// sheet (`A1`…`A52` Android, `I1`…`I23` iOS, `E1`… Electron, `T1`… time libraries).
///
/// Every trace record whose outcome an OS rule decided names the rule's id, so a reader can go
/// from any line of a trace to the fact and its source.
public struct OSRule: Hashable, Sendable {
    /// The fact id, such as `A1`.
    public let id: String
    /// One sentence: what the OS does.
    public let summary: String
    /// Where the fact comes from.
    public let source: String
    /// How sure the source is.
    public let confidence: Confidence

    /// The fact sheet's confidence scale.
    public enum Confidence: String, Sendable {
        /// Official documentation or platform source says it directly.
        case high
        /// An official-adjacent source or an inference from source.
        case medium
        /// Undocumented or third-party only; modelled as an option.
        case low
    }

    /// Creates a rule.
    public init(id: String, summary: String, source: String, confidence: Confidence) {
        self.id = id
        self.summary = summary
        self.source = source
        self.confidence = confidence
    }
}

extension OSRule {
    /// Every rule the models apply: Android's, iOS's, Electron's and the time libraries', each
    /// catalogue in id order.
    public static let catalogue: [OSRule] = androidCatalogue + iosCatalogue + electronCatalogue + timeCatalogue
}
