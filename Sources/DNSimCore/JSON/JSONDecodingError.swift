/// A well-formed JSON document that does not have the expected shape, located by a JSON pointer.
///
/// Its description reads
/// `at /steps/2/at: expected a local date-time "YYYY-MM-DDTHH:mm", found the number 12`.
public struct JSONDecodingError: Error, Equatable, CustomStringConvertible {
    /// The value that is wrong, or the object that lacks a required member.
    public var pointer: JSONPointer
    /// What was expected there, for example `a string` or `one of "android", "ios"`.
    public var expected: String
    /// What was found there, for example `the number 12` or `no "title" member`.
    public var found: String

    /// Creates an error.
    public init(pointer: JSONPointer, expected: String, found: String) {
        self.pointer = pointer
        self.expected = expected
        self.found = found
    }

    /// `at /steps/2/at: expected ..., found ...`; the root reads `at (document root): ...`.
    public var description: String {
        "at \(pointer.readable): expected \(expected), found \(found)"
    }
}
