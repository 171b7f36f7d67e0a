import Synchronization

/// Memory made for the results of commands being recorded (a `DeviceArray` expression's new array inside
/// ``ComputeQueue/record(engine:_:)``): nothing has run, so its values exist only once the recording has been replayed.
/// Until then a host read or map of it throws ``SwiftCLError/notRecordable(operation:)``'s sibling
/// ``SwiftCLError/undefinedBeforeReplay(operation:)`` instead of returning whatever the memory held.
package enum ReplayPending {
    /// The serials of the root objects waiting for their recording's first replay.
    private static let pending = Locked<Set<UInt64>>([])
    /// How many are pending (read without the lock by every launch: a relaxed load while none is).
    private static let pendingCount = Atomic<Int>(0)

    /// Whether any memory waits for a replay.
    static var isActive: Bool { pendingCount.load(ordering: .relaxed) > 0 }

    /// Marks `object` (new memory for results `queue` is recording now) as undefined until the recording is replayed,
    /// and tells the recording; nothing when `queue` is not recording on this thread.
    package static func markIfRecording(_ object: MemoryObject, on queue: ComputeQueue) {
        guard let encoder = RecordingScope.encoder(recording: queue), let recorder = encoder.recorder else { return }
        let serial = object.storageRoot.object.serial
        recorder.noteMadeWhileRecording(serial)
        pending.withLock { set in
            set.insert(serial)
            pendingCount.store(set.count, ordering: .relaxed)
        }
    }

    /// The recording holding `serials` was replayed: their values are defined (once the replay completes, as any
    /// command's results are).
    static func replayed(_ serials: [UInt64]) {
        guard !serials.isEmpty else { return }
        pending.withLock { set in
            for serial in serials { set.remove(serial) }
            pendingCount.store(set.count, ordering: .relaxed)
        }
    }

    /// Throws when `object`'s memory waits for a replay.
    static func check(_ object: MemoryObject, operation: String) throws {
        guard isActive else { return }
        let serial = object.storageRoot.object.serial
        let waiting = pending.withLock { $0.contains(serial) }
        if waiting { throw SwiftCLError.undefinedBeforeReplay(operation: operation) }
    }

    /// Throws when a launch (not recorded) would read memory that waits for a replay.
    static func checkLaunch(_ arguments: [any KernelArgument], kernel: String) throws {
        for index in arguments.indices {
            if case let .memory(object, _) = arguments[index].kernelArgument.storage {
                try check(object, operation: "launch \(kernel) argument \(index)")
            }
        }
    }

    /// `serial`'s object is gone.
    static func forget(_ serial: UInt64) {
        guard isActive else { return }
        pending.withLock { set in
            set.remove(serial)
            pendingCount.store(set.count, ordering: .relaxed)
        }
    }
}
