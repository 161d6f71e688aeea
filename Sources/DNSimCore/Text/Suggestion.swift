/// "Did you mean …?" for a misspelt name: the closest of the known names by edit distance.
///
/// The distance is optimal string alignment (Levenshtein plus adjacent transpositions), compared
/// without regard to ASCII case, so `forcestop` finds `forceStop` and `timezone` finds `timeZone`.
/// A name is suggested only when it is close enough to be a plausible typo: at most a third of
/// the longer name's characters differ (at least one).
public enum Suggestion {
    /// The known name closest to `name`, if one is plausibly what was meant; ties go to the
    /// earlier name in `candidates`.
    public static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        // No known name is this long: a value from a file can be megabytes (the distance costs
        // the product of the lengths).
        guard name.utf8.count <= maximumLength else { return nil }
        let typed = Array(name.lowercased().unicodeScalars)
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let known = Array(candidate.lowercased().unicodeScalars)
            let limit = max(1, max(typed.count, known.count) / 3)
            // The distance is at least the difference in length.
            guard abs(typed.count - known.count) <= limit else { continue }
            let distance = Self.distance(typed, known)
            if distance <= limit, best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.name
    }

    /// The longest name a suggestion is looked for (in UTF-8 bytes).
    static let maximumLength = 256

    /// `, did you mean "x"?` when a close name exists, else the empty string: ready to append
    /// to an error's "found" text.
    public static func didYouMean(_ name: String, among candidates: some Sequence<String>) -> String {
        closest(to: name, among: candidates).map { ", did you mean \"\($0)\"?" } ?? ""
    }

    /// Optimal string alignment distance between two scalar arrays.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        var previous2 = [Int](repeating: 0, count: width)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: width)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, previous2[j - 2] + 1) }
                current[j] = value
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
