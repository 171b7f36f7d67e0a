/// Launches, device copies and fills recorded once from a ``ComputeQueue`` closure (``ComputeQueue/record(engine:_:)``)
/// and replayed any number of times (``ComputeEncoder/replay(_:)``) — the answer to per-launch host cost where the
/// driver replays a `cl_khr_command_buffer` cheaply.
///
/// Every command was checked when it was recorded (arguments against parameters, ranges against buffers and limits),
/// with the arguments it had then: a replay checks nothing again and binds nothing. The recording keeps every object its
/// commands use alive for as long as it lives, and a replay keeps the recording alive until the replay completes.
/// It replays on the queue it was recorded for.
public final class CommandRecording: Sendable, CustomStringConvertible {
    /// The queue the commands were recorded for; replays run there.
    public let queue: ComputeQueue
    /// How replays run: one command buffer, or the commands one by one.
    public var engine: RecordingEngine {
        if case .commandBuffer = storage.recorder.target { return .commandBuffer }
        return .oneByOne
    }
    /// Why the recording replays one by one when the engine was left to SwiftCL (the device lacks
    /// `cl_khr_command_buffer`, the queue lacks properties it requires, …); nil otherwise.
    public let fallbackReason: String?
    /// What each command is, in order (`launch NAME`, `copy`, `copyRect`, `fill`).
    public var commands: [String] { storage.recorder.labels }
    let storage: Storage
    /// Where the device cannot enqueue a command buffer again before its last replay completes, that replay's event.
    let lastReplay = Locked<CLEvent?>(nil)

    /// The recorded commands (their recorder, which releases the command buffer and its kernels) and what they keep alive.
    struct Storage: @unchecked Sendable {
        // Unchecked: the recorder is finalized before the recording exists and only read afterwards; the handles are
        // OpenCL's (thread-safe), the one-by-one commands bind their kernel's arguments under its launch lock, and
        // `retained` is only held.
        let recorder: CommandRecorder
        let retained: [AnyObject]
    }

    init(queue: ComputeQueue, fallbackReason: String?, storage: Storage) {
        self.queue = queue
        self.fallbackReason = fallbackReason
        self.storage = storage
        LiveObjectCounts.track(.commandRecording, +1)
    }

    deinit {
        LiveObjectCounts.track(.commandRecording, -1)
    }

    public var description: String { "CommandRecording(\(commands.count) commands, \(engine), \(queue))" }
}
