import DNSimCore
import DNSimScenario

/// Reads a fleet spec, with the same diagnostics as scenario files (file, JSON pointer,
/// expected, found). Template paths are relative to the spec file; `load` reads them.
public struct FleetSpecDecoder {
    /// The spec file's path, for messages and to resolve template paths.
    public let file: String

    /// Creates a decoder for `file`.
    public init(file: String) { self.file = file }

    /// Decodes the spec's bytes; `load` reads a template file (a path relative to the working
    /// directory) or says why it could not.
    public func decode(
        _ bytes: [UInt8], load: (String) -> Result<[UInt8], ScenarioError>
    ) throws(ScenarioError) -> FleetSpec {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw ScenarioError(file: file, kind: .malformedJSON, expected: "a JSON document", found: error.description)
        }
        var digest = FNV1a.offsetBasis
        for byte in bytes { FNV1a.update(&digest, byte: byte) }
        do {
            var root = try JSONObjectReader(json, at: .root, expected: "a fleet spec object")
            root.markKnown("$schema")
            let id = try root.string("id")
            let title = try root.string("title")
            let description = try root.optionalString("description") ?? ""
            let items = try root.array("classes", expected: "an array of device classes")
            guard !items.isEmpty else {
                throw ScenarioError(
                    file: file, kind: .invalidScenario, pointer: root.pointer.appending("classes"),
                    expected: "at least one device class", found: "[]")
            }
            var classes: [FleetSpec.DeviceClass] = []
            for item in items {
                var reader = try JSONObjectReader(item.value, at: item.pointer, expected: "a device class object")
                let name = try reader.string("name")
                let weight = try reader.int64("weight", expected: "a weight from 1 to 1000000")
                guard (1...1_000_000).contains(weight) else {
                    throw ScenarioError(
                        file: file, kind: .invalidScenario, pointer: reader.pointer.appending("weight"),
                        expected: "a weight from 1 to 1000000", found: String(weight))
                }
                let path = try reader.string("template", expected: "the path of an exploration template, relative to this file")
                try reader.finish()
                let resolved = Self.resolve(path, relativeTo: file)
                let templateBytes: [UInt8]
                switch load(resolved) {
                case .success(let loaded): templateBytes = loaded
                case .failure(let error):
                    throw ScenarioError(
                        file: file, kind: .invalidScenario, pointer: reader.pointer.appending("template"),
                        expected: "a readable exploration template (relative to this file)", found: "\"\(path)\": \(error)")
                }
                for byte in templateBytes { FNV1a.update(&digest, byte: byte) }
                let template = try ExploreTemplateDecoder(file: resolved).decode(templateBytes)
                if classes.contains(where: { $0.name == name }) {
                    throw ScenarioError(
                        file: file, kind: .invalidScenario, pointer: reader.pointer.appending("name"),
                        expected: "a class name used once", found: "\"\(name)\" again")
                }
                classes.append(FleetSpec.DeviceClass(name: name, weight: Int(weight), template: template))
            }
            try root.finish()
            return FleetSpec(id: id, title: title, description: description, classes: classes, digest: digest)
        } catch let error as ScenarioError {
            throw error
        } catch let error as JSONDecodingError {
            throw ScenarioError(file: file, kind: .invalidScenario, pointer: error.pointer, expected: error.expected, found: error.found)
        } catch {
            throw ScenarioError(file: file, kind: .invalidScenario, expected: "a valid fleet spec", found: "\(error)")
        }
    }

    /// `path` relative to the directory of `file` (absolute paths stay as they are).
    static func resolve(_ path: String, relativeTo file: String) -> String {
        guard !path.hasPrefix("/"), let slash = file.lastIndex(of: "/") else { return path }
        return String(file[...slash]) + path
    }
}
