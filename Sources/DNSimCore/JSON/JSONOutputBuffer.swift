/// The bytes a ``JSONStreamWriter`` has written, followed by room to write more in place.
///
/// A write says the most bytes it may take, then writes them straight into the buffer and says
/// how many it took: a member, a key or a value is one capacity check and a copy, where
/// appending to an array cost a uniqueness check, a capacity check and a call per piece (a
/// device-year's result writes several hundred thousand pieces). The room after the written
/// bytes is zeroed memory, grown by doubling.
struct JSONOutputBuffer {
    /// `storage[..<count]` is the text written; the rest is room.
    private var storage: [UInt8]
    /// How many bytes are written.
    private(set) var count = 0

    /// An empty buffer with room for `capacity` bytes.
    init(capacity: Int) {
        storage = [UInt8](repeating: 0, count: Swift.max(capacity, 64))
    }

    /// A copy of the bytes written.
    var bytes: [UInt8] { Array(storage[..<count]) }

    /// Lets `body` read the bytes written.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    /// Writes at most `maximum` bytes at the end: `body` writes them from the pointer it is
    /// given and returns how many it wrote.
    @inline(__always)
    mutating func write(reserving maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        if storage.count - count < maximum { grow(toHold: maximum) }
        let start = count
        let written = storage.withUnsafeMutableBufferPointer { buffer in body(buffer.baseAddress.unsafelyUnwrapped + start) }
        assert(written <= maximum, "a write took more bytes than it reserved")
        count += written
    }

    /// Appends one byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        write(reserving: 1) { end in
            end.pointee = byte
            return 1
        }
    }

    /// Appends `bytes`.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        write(reserving: bytes.count) { end in
            if let source = bytes.baseAddress { end.update(from: source, count: bytes.count) }
            return bytes.count
        }
    }

    /// Appends the bytes of a static string.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Hands over (a copy of) the bytes written and goes on empty, keeping its room, with room
    /// for `capacity` bytes at least.
    mutating func take(reservingCapacity capacity: Int) -> [UInt8] {
        let taken = bytes
        count = 0
        if storage.count < capacity { grow(toHold: capacity) }
        return taken
    }

    /// Makes room for `maximum` more bytes: at least doubles the storage.
    private mutating func grow(toHold maximum: Int) {
        var bigger = [UInt8](repeating: 0, count: Swift.max(2 * storage.count, count + maximum))
        let written = count
        bigger.withUnsafeMutableBufferPointer { new in
            storage.withUnsafeBufferPointer { old in
                if let target = new.baseAddress, let source = old.baseAddress { target.update(from: source, count: written) }
            }
        }
        storage = bigger
    }
}
