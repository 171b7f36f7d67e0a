/// Serial numbers for objects whose identity a check remembers without keeping them alive: unique for the process's
/// life, so an object allocated at a freed one's address never passes for it.
enum ObjectSerial {
    private static let last = Locked<UInt64>(0)

    /// A number no earlier call returned.
    static func next() -> UInt64 {
        last.withLock { value in
            value += 1
            return value
        }
    }
}
