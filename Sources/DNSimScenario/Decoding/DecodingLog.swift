import DNSimCore

/// The problems one decoding of a scenario file has found so far.
///
/// A reference type, so that every helper of a ``ScenarioDecoder`` adds to the same list while
/// the decoder carries on past a bad step, check or section. ``sorted(in:)`` puts the errors in
/// document order for ``ScenarioErrorList``.
final class DecodingLog {
    /// The errors, in the order they were found (sections are read in a fixed order, not the
    /// file's).
    private(set) var errors: [ScenarioError] = []

    /// Whether nothing has been found yet.
    var isEmpty: Bool { errors.isEmpty }

    /// How many errors have been found.
    var count: Int { errors.count }

    /// Records an error.
    func add(_ error: ScenarioError) {
        errors.append(error)
    }

    /// The errors in document order: by where their pointer lands in `document` (member
    /// positions in source order, array indices), an object before what is inside it, and
    /// errors at the same place in the order they were found.
    func sorted(in document: JSONValue) -> [ScenarioError] {
        let keyed = errors.enumerated().map { (key: Self.position(of: $0.element.pointer, in: document), order: $0.offset) }
        let order = keyed.sorted { lhs, rhs in
            if lhs.key != rhs.key { return lhs.key.lexicographicallyPrecedes(rhs.key) }
            return lhs.order < rhs.order
        }
        return order.map { errors[$0.order] }
    }

    /// The path of `pointer` in `document` as positions: for each token, the member's position
    /// in its object (source order) or the array index. A token that does not resolve (a missing
    /// member) ends the path there.
    static func position(of pointer: JSONPointer, in document: JSONValue) -> [Int] {
        var path: [Int] = []
        var current = document
        for token in pointer.tokens {
            switch current {
            case .object(let object):
                guard let index = object.members.firstIndex(where: { $0.key.utf8.elementsEqual(token.utf8) }) else {
                    return path
                }
                path.append(index)
                current = object.members[index].value
            case .array(let elements):
                guard let index = Int(token), elements.indices.contains(index) else { return path }
                path.append(index)
                current = elements[index]
            default:
                return path
            }
        }
        return path
    }
}
