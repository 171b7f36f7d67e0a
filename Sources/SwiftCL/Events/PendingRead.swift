/// A non-blocking read (``ComputeEncoder/enqueueRead(_:range:)``): the device writes into memory this object owns,
/// and ``value`` hands the elements over once the read has completed.
///
/// `@unchecked Sendable` because it owns raw memory: the device writes it before the read's event completes, and
/// the host reads it only after (``value`` waits for the event first); nothing writes it afterwards.
public final class PendingRead<Element: BitwiseCopyable>: @unchecked Sendable {
    let storage: UnsafeMutableBufferPointer<Element>
    /// The read's event.
    public let event: CommandEvent

    init(storage: UnsafeMutableBufferPointer<Element>, event: CommandEvent) {
        self.storage = storage
        self.event = event
    }

    deinit { storage.deallocate() }

    /// The elements, once the read has completed.
    /// - Throws: ``OpenCLError`` when the read failed.
    public var value: [Element] {
        get async throws {
            try await event.completed
            return Array(storage)
        }
    }

    /// Blocks until the read has completed and returns the elements.
    /// - Throws: ``OpenCLError`` when the read failed.
    @available(*, noasync, message: "blocks the calling thread; use `try await pending.value`")
    public func wait() throws -> [Element] {
        try event.wait()
        return Array(storage)
    }
}
