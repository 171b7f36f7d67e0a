/// A context's own command queues, one per device, made on first use, for host copies into buffers that no command
/// uses yet (``Buffer/copyIntoUnusedMemory(_:device:)``): a map there waits for nothing of the caller's queues, so an
/// array can be made from host data inside another queue's closure. They hold no reference to the ``Context`` (no
/// cycle) and are released with it.
package final class StagingQueues: Sendable {
    private let queues = Locked<[DeviceHandle: QueueHandle]>([:])
    private let context: ContextHandle

    init(context: ContextHandle) { self.context = context }

    deinit {
        queues.withLock { $0.values.forEach(CL.releaseCommandQueue) }
    }

    /// The staging queue for `device` (an in-order queue of the context).
    func queue(for device: Device) throws -> QueueHandle {
        try queues.withLock { queues in
            if let queue = queues[device.id] { return queue }
            let queue = try CL.createCommandQueue(context, device.id, outOfOrder: false)
            queues[device.id] = queue
            return queue
        }
    }
}
