/// The lists a ``ComputeEncoder`` fills while its closure runs (the objects its commands keep alive, a launch's
/// resolved arguments), kept by the queue between closures so a round trip reuses their storage instead of allocating
/// it again. Between closures they hold no elements, only capacity.
struct EncoderLists: @unchecked Sendable {
    // Unchecked: the lists move between threads only under the queue's lock (`SerialExecution`), and between
    // closures they are empty.
    var inFlight: [AnyObject] = []
    var launchScratch: [KernelArgumentValue] = []

    /// Capacity beyond this many elements is not kept for the next closure.
    static let keptCapacity = 64

    /// Moves the lists out, leaving empty ones.
    mutating func take() -> EncoderLists {
        var taken = EncoderLists()
        swap(&taken, &self)
        return taken
    }

    /// Keeps `lists`' storage for the next closure when they are empty and not unusually large.
    mutating func keep(_ lists: inout EncoderLists) {
        if lists.inFlight.isEmpty, lists.inFlight.capacity <= Self.keptCapacity { swap(&inFlight, &lists.inFlight) }
        if lists.launchScratch.isEmpty, lists.launchScratch.capacity <= Self.keptCapacity { swap(&launchScratch, &lists.launchScratch) }
    }
}
