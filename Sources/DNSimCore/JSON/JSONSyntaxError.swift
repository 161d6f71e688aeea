/// A reason ``JSONParser`` rejected its input, with the position where the problem is.
///
/// `line` and `column` are 1-based. Lines are separated by LF, CRLF or a lone CR. The column
/// counts Unicode scalars (code points) from the start of the line, so a tab, an `ä` or an emoji
/// each count as one column; a leading UTF-8 byte order mark is not counted.
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    /// The 1-based line of the problem.
    public var line: Int
    /// The 1-based column of the problem, counted in Unicode scalars.
    public var column: Int
    /// What is wrong, for example `expected ',' or '}' after an object member, found 'x'`.
    public var message: String
    /// Where in the document the problem is: the innermost value being parsed when it was found.
    /// For a duplicate key this is the object that holds the key twice.
    public var pointer: JSONPointer

    /// Creates an error.
    public init(line: Int, column: Int, message: String, pointer: JSONPointer = .root) {
        self.line = line
        self.column = column
        self.message = message
        self.pointer = pointer
    }

    /// `line 3, column 14: expected ...`.
    public var description: String {
        "line \(line), column \(column): \(message)"
    }
}
