/// A small scanner for `--option value`, `--option=value` and positional arguments.
struct ArgumentScanner {
    private var remaining: [String]

    init(_ arguments: [String]) { remaining = arguments }

    /// Thrown for a malformed command line.
    struct UsageError: Error, Equatable {
        var message: String
    }

    /// Removes and returns the value of `--name`, or `nil` when absent.
    mutating func option(_ name: String) throws -> String? {
        var value: String?
        var index = 0
        while index < remaining.count {
            let argument = remaining[index]
            if argument == "--" { break }
            if argument == name {
                guard index + 1 < remaining.count else { throw UsageError(message: "\(name) needs a value") }
                if value != nil { throw UsageError(message: "\(name) given more than once") }
                value = remaining[index + 1]
                remaining.removeSubrange(index...(index + 1))
                continue
            }
            if argument.hasPrefix(name + "=") {
                if value != nil { throw UsageError(message: "\(name) given more than once") }
                value = String(argument.dropFirst(name.count + 1))
                remaining.remove(at: index)
                continue
            }
            index += 1
        }
        // An empty value is never meant: as a directory, `--charts ''` would put files at the
        // file system's root.
        if let value, value.isEmpty { throw UsageError(message: "\(name) needs a value, found an empty string") }
        return value
    }

    /// Removes `--name` and returns whether it was present.
    mutating func flag(_ name: String) -> Bool {
        guard let index = remaining.firstIndex(of: name) else { return false }
        remaining.remove(at: index)
        return true
    }

    /// The positional arguments left; any remaining `--option` is an error.
    mutating func positionals() throws -> [String] {
        var result: [String] = []
        var afterDoubleDash = false
        for argument in remaining {
            if afterDoubleDash {
                result.append(argument)
            } else if argument == "--" {
                afterDoubleDash = true
            } else if argument.hasPrefix("--") || (argument.hasPrefix("-") && argument != "-") {
                throw UsageError(message: "unknown option '\(argument)'")
            } else {
                result.append(argument)
            }
        }
        remaining = []
        return result
    }
}
