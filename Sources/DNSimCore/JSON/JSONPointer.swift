/// A JSON Pointer (RFC 6901): the path from the document root to one value, such as `/steps/3/at`.
///
/// A pointer is a list of reference tokens. Object member names and array indices are both stored
/// as strings, exactly as RFC 6901 defines them; `description` renders the RFC string with `~`
/// escaped as `~0` and `/` as `~1`.
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible {
    /// The last token and the pointer it extends; `nil` for the document root.
    ///
    /// Decoders derive a pointer for every member and element they read, and almost all of them
    /// are only ever used if an error is reported: so a pointer is a shared chain of links,
    /// appending one costs one small allocation (no copy of the path, and an index is kept as a
    /// number), and the tokens are spelled out only when asked for.
    private let last: Link?

    /// One reference token and the pointer it extends.
    private final class Link: Sendable {
        let parent: Link?
        let token: Token
        /// How many tokens the pointer ending here has.
        let count: Int

        init(parent: Link?, token: Token) {
            self.parent = parent
            self.token = token
            count = (parent?.count ?? 0) + 1
        }
    }

    /// A reference token: an object member's name or an array index.
    private enum Token: Sendable {
        case key(String)
        case index(Int)

        var text: String {
            switch self {
            case .key(let key): key
            case .index(let index): String(index)
            }
        }
    }

    private init(last: Link?) {
        self.last = last
    }

    /// The unescaped reference tokens, outermost first. Empty for the document root.
    public var tokens: [String] {
        var result: [String] = []
        result.reserveCapacity(last?.count ?? 0)
        var link = last
        while let current = link {
            result.append(current.token.text)
            link = current.parent
        }
        result.reverse()
        return result
    }

    /// Creates a pointer from unescaped reference tokens, outermost first.
    public init(tokens: [String]) {
        var link: Link?
        for token in tokens { link = Link(parent: link, token: .key(token)) }
        self.init(last: link)
    }

    /// The pointer to the whole document (`""`).
    public static let root = JSONPointer(last: nil)

    /// Whether this is the pointer to the whole document.
    public var isRoot: Bool { last == nil }

    /// The pointer to the member named `key` of the object this pointer designates.
    public func appending(_ key: String) -> JSONPointer {
        JSONPointer(last: Link(parent: last, token: .key(key)))
    }

    /// The pointer to the element at `index` of the array this pointer designates.
    public func appending(_ index: Int) -> JSONPointer {
        JSONPointer(last: Link(parent: last, token: .index(index)))
    }

    /// Equal when the tokens are (an index and the member name of its digits are the same token).
    public static func == (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        if lhs.last === rhs.last { return true }
        guard lhs.last?.count == rhs.last?.count else { return false }
        return lhs.tokens == rhs.tokens
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(tokens)
    }

    /// The RFC 6901 string: `""` for the root, otherwise `/` followed by each escaped token,
    /// for example `/steps/3/at` or `/a~1b/m~0n`.
    public var description: String {
        var result = ""
        for token in tokens {
            result.append("/")
            for scalar in token.unicodeScalars {
                switch scalar {
                case "~": result.append("~0")
                case "/": result.append("~1")
                default: result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// A form for messages to people: `(document root)` for the root, the RFC string otherwise,
    /// with a token longer than 48 characters cut to its first 40 and `…` (a member name from a
    /// file can be megabytes long).
    public var readable: String {
        guard !isRoot else { return "(document root)" }
        guard tokens.contains(where: { $0.utf8.count > 48 && $0.count > 48 }) else { return description }
        let shown = tokens.map { $0.utf8.count > 48 && $0.count > 48 ? String($0.prefix(40)) + "…" : $0 }
        return JSONPointer(tokens: shown).description
    }
}
