/// A JSON Pointer (RFC 6901): the path from the document root to one value, such as `/steps/3/at`.
///
/// A pointer is a list of reference tokens. Object member names and array indices are both stored
/// as strings, exactly as RFC 6901 defines them; `description` renders the RFC string with `~`
/// escaped as `~0` and `/` as `~1`.
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible {
    /// The unescaped reference tokens, outermost first. Empty for the document root.
    public let tokens: [String]

    /// Creates a pointer from unescaped reference tokens, outermost first.
    public init(tokens: [String]) {
        self.tokens = tokens
    }

    /// The pointer to the whole document (`""`).
    public static let root = JSONPointer(tokens: [])

    /// Whether this is the pointer to the whole document.
    public var isRoot: Bool { tokens.isEmpty }

    /// The pointer to the member named `key` of the object this pointer designates.
    public func appending(_ key: String) -> JSONPointer {
        JSONPointer(tokens: tokens + [key])
    }

    /// The pointer to the element at `index` of the array this pointer designates.
    public func appending(_ index: Int) -> JSONPointer {
        JSONPointer(tokens: tokens + [String(index)])
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

    /// A form for messages to people: `(document root)` for the root, the RFC string otherwise.
    public var readable: String {
        isRoot ? "(document root)" : description
    }
}
