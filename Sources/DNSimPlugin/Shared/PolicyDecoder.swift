import DNSimCore

/// A policy file as read: the policy, and what the file says about it.
public struct PolicyFile: Sendable {
    /// The resolved policy (the preset it extends, with the file's decisions applied).
    public var policy: PluginPolicy
    /// The file's `description`.
    public var description: String
    /// The preset it extends, if any.
    public var extends: PluginProfile?
    /// Each decision's `comment`, by key: for a preset, the seed passage or OS fact it cites.
    public var comments: [String: String]
}

/// Reads a policy file (`profiles/*.json`, or a team's own), rejecting anything it does not
/// understand with the file, the JSON pointer, what was expected and what was found.
///
/// ```json
/// {
///   "name": "our-plugin-1.4",
///   "extends": "as-found",
///   "decisions": {
///     "android.launchRecovery": { "value": "recover", "comment": "PR 212: load() reconciles" },
///     "android.rollover": "calendarDay"
///   }
/// }
/// ```
///
/// A decision is a value or `{ "value": …, "comment": "…" }`. Without `extends` every decision
/// must be given. A name must be lowercase letters, digits, `.`, `_` or `-`; a preset's name
/// (`as-found`, `directive`, `corrected`) is reserved for a file that decides exactly as the
/// preset does.
public struct PolicyDecoder {
    /// The file name used in messages.
    public let file: String

    /// Creates a decoder for messages about `file`.
    public init(file: String) { self.file = file }

    /// Decodes a policy file's bytes.
    public func decode(_ bytes: [UInt8]) throws(PolicyError) -> PolicyFile {
        try decode(bytes, presets: { PluginPolicy.preset($0) })
    }

    /// Decodes with `presets` resolving `extends` (the presets themselves are decoded with none).
    func decode(_ bytes: [UInt8], presets: ((PluginProfile) -> PluginPolicy)?) throws(PolicyError) -> PolicyFile {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw PolicyError(file: file, expected: "a JSON document", found: error.description, malformed: true)
        }
        do {
            return try decodeFile(json, presets: presets)
        } catch let error as PolicyError {
            throw error
        } catch let error as JSONDecodingError {
            throw PolicyError(file: file, pointer: error.pointer, expected: error.expected, found: error.found)
        } catch {
            throw PolicyError(file: file, expected: "a valid policy", found: "\(error)")
        }
    }

    private func invalid(_ pointer: JSONPointer, _ expected: String, _ found: String) -> PolicyError {
        PolicyError(file: file, pointer: pointer, expected: expected, found: found)
    }

    /// Lowercase letters, digits, `.`, `_`, `-`, starting with a letter or digit: safe in file names.
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !name.isEmpty, name.utf8.count <= 64 else { return false }
        func allowed(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2e || byte == 0x5f || byte == 0x2d
        }
        return allowed(first) && first != 0x2e && first != 0x5f && first != 0x2d && name.utf8.allSatisfy(allowed)
    }

    private func decodeFile(_ json: JSONValue, presets: ((PluginProfile) -> PluginPolicy)?) throws -> PolicyFile {
        var root = try JSONObjectReader(json, at: .root, expected: "a policy object")
        root.markKnown("$schema")
        let name = try root.string("name", expected: "the policy's name, such as \"our-plugin-1.4\"")
        guard Self.isValidName(name) else {
            throw invalid(
                JSONPointer.root.appending("name"), "a name of lowercase letters, digits, '.', '_' or '-' (at most 64)",
                "\"\(name)\"")
        }
        let description = try root.optionalString("description") ?? ""
        let presetNames = PluginProfile.allCases.map(\.rawValue)
        var base: PluginPolicy?
        var extends: PluginProfile?
        if let text = try root.optionalString("extends", expected: "a preset name: " + presetNames.joined(separator: ", ")) {
            let pointer = JSONPointer.root.appending("extends")
            guard let presets else { throw invalid(pointer, "no \"extends\" in a preset", "\"\(text)\"") }
            guard let profile = PluginProfile(rawValue: text) else {
                throw invalid(
                    pointer, "a preset name: " + presetNames.joined(separator: ", "),
                    JSONWriter.quotedExcerpt(text) + Suggestion.didYouMean(text, among: presetNames))
            }
            extends = profile
            base = presets(profile)
        }
        var decisions = try root.object("decisions", expected: "an object of decisions, keyed like \"android.rollover\"")
        var policy = base ?? PluginPolicy.unset
        policy.name = name
        var comments: [String: String] = [:]
        var given: [String] = []
        let keys = PluginPolicy.decisions.map(\.key)
        for key in decisions.object.keys {
            guard let decision = PluginPolicy.decision(key) else {
                throw invalid(
                    decisions.pointer.appending(key), "a decision name (dnsim schema --policy lists them)",
                    "an unknown decision \(JSONWriter.quotedExcerpt(key))" + Suggestion.didYouMean(key, among: keys))
            }
            guard let (raw, pointer) = decisions.optionalValue(key) else { continue }
            var value = raw
            var valuePointer = pointer
            if case .object = raw {
                var entry = try JSONObjectReader(raw, at: pointer, expected: "a value or {\"value\": …, \"comment\": \"…\"}")
                (value, valuePointer) = try entry.value("value", expected: decision.expected)
                if let comment = try entry.optionalString("comment") { comments[key] = comment }
                try entry.finish()
            }
            guard decision.set(value, in: &policy) else {
                var found = value.describeForError
                if case .string(let text) = value, case .choice(let names) = decision.kind {
                    found += Suggestion.didYouMean(text, among: names)
                }
                throw invalid(valuePointer, decision.expected, found)
            }
            given.append(key)
        }
        if base == nil {
            let missing = keys.filter { !given.contains($0) }
            if !missing.isEmpty {
                let shown = missing.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")
                throw invalid(
                    decisions.pointer, "every decision, since the policy extends no preset (or an \"extends\")",
                    "no \(shown)" + (missing.count > 3 ? " and \(missing.count - 3) more" : ""))
            }
        }
        try root.finish()
        if presets != nil, let profile = PluginProfile(rawValue: name), PluginPolicy.preset(profile).digest != policy.digest {
            let differing = policy.differences(from: PluginPolicy.preset(profile)).map(\.key)
            throw invalid(
                JSONPointer.root.appending("name"), "a name other than a preset's (\(presetNames.joined(separator: ", "))) "
                    + "for a policy that decides differently", "\"\(name)\", which differs from the preset in "
                    + differing.prefix(3).joined(separator: ", ") + (differing.count > 3 ? " and \(differing.count - 3) more" : ""))
        }
        return PolicyFile(policy: policy, description: description, extends: extends, comments: comments)
    }
}
