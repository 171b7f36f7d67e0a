internal import CCLFFT
import SwiftCL

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one place SwiftCLFFT calls clFFT: the library's set-up (once per process, on first use), plans created, baked
/// and cached per (context, device, precision, transform), and transforms enqueued on an encoder's queue with their
/// buffers kept alive and their event adopted.
///
/// Every clFFT call holds one process-wide lock: clFFT keeps plans in a global repository, and an enqueue only
/// enqueues (microseconds), so serialising costs nothing measurable and rules out its thread-safety as a risk.
///
/// A plan is shared by every queue of its context, and a plan owns device scratch (clFFT's intermediate buffers of
/// multi-pass, real and multi-dimensional transforms) that each of its commands writes. Two commands of one plan
/// must therefore not run at the same time: each transform waits, on the device, for the plan's previous command
/// unless that one has already ended, and the queue is flushed after it so a command of another queue waiting for it
/// makes progress. (Without this, four queues transforming `[4, 6]` at once got relative errors of 2–15.) The plan
/// refers to that command weakly, so the cache keeps no context alive.
///
/// clFFT's teardown runs at process exit (an `atexit` handler registered by the set-up, which runs before the C++
/// destructors of clFFT that would otherwise warn "clFFT resources not freed"); it destroys the cached plans under the
/// lock, and a transform asked for after it throws. A plan is also destroyed when its context has gone (checked
/// whenever a plan is looked up) or when it is the least recently used beyond ``planLimit``.
enum ClFFT {
    /// Plans kept at most; the least recently used beyond this is destroyed.
    static let planLimit = 32

    private struct PlanKey: Hashable {
        let context: ObjectIdentifier
        let device: ObjectIdentifier
        let double: Bool
        let inPlace: Bool
        let geometry: FFTGeometry
    }

    private struct State {
        /// clFFT's set-up status once it ran (0: set up).
        var setUp: Int32?
        var tornDown = false
        var plans = PlanCache<PlanKey, clfftPlanHandle>(limit: planLimit) { handle in
            var handle = handle
            _ = clfftDestroyPlan(&handle)
        }
    }

    private static let state = Locked(State())

    /// Plans cached for `context` now (tests use it to see the cache at work).
    static func plansCached(in context: Context) -> Int {
        state.withLock { state in state.plans.count(in: context) }
    }

    /// Cached plans whose context has gone (destroyed at the next lookup).
    static var stalePlans: Int { state.withLock { state in state.plans.staleCount } }

    /// Enqueues one batched transform described by `geometry` from `input` to `output` (the same buffer: in place).
    static func enqueue<T: FFTScalar>(_ geometry: FFTGeometry, _: T.Type, direction: FFTDirection, on encoder: ComputeEncoder,
                                      input: MemoryObject, output: MemoryObject, routine: String) throws -> CommandEvent {
        if T.isDoublePrecision, !encoder.device.supportsDoublePrecision {
            throw FFTError(.unsupportedPrecision, routine: routine, "\(encoder.device.name) lacks cl_khr_fp64 (Double transforms)")
        }
        let inPlace = input === output
        let key = PlanKey(context: ObjectIdentifier(encoder.context), device: ObjectIdentifier(encoder.device),
                          double: T.isDoublePrecision, inPlace: inPlace, geometry: geometry)
        return try encoder.withUnsafeQueueHandle(keepingAlive: inPlace ? [input] : [input, output]) { queueHandle in
            try input.withUnsafeHandle { inputHandle in
                try output.withUnsafeHandle { outputHandle in
                    try state.withLock { state in
                        let plan = try plan(for: key, context: encoder.context, device: encoder.device, in: &state)
                        // Waits for: the plan's previous command unless it has ended, and the events of an enclosing
                        // `waiting(for:)` scope (clFFT takes one wait list; a marker carries the scope's events).
                        var waits = state.plans.unfinishedCommand(of: key).map { [$0] } ?? []
                        if encoder.hasPendingWaits { waits.append(try encoder.marker()) }
                        var queue: OpaquePointer? = queueHandle
                        var event: OpaquePointer?
                        var inputs: [OpaquePointer?] = [inputHandle]
                        var outputs: [OpaquePointer?] = [outputHandle]  // ignored by clFFT in place
                        let status = Self.withWaitList(waits) { count, waitList in
                            clfftEnqueueTransform(plan, direction == .forward ? CLFFT_FORWARD : CLFFT_BACKWARD, 1, &queue,
                                                  count, waitList, &event, &inputs, &outputs, nil)
                        }
                        guard status == CLFFT_SUCCESS else {
                            if let event { _ = try? CommandEvent(unsafeTakingOwnershipOf: event, context: encoder.context) }
                            throw libraryError("clfftEnqueueTransform", status, routine: routine)
                        }
                        guard let event else { throw FFTError(.library, routine: "clfftEnqueueTransform", "returned no event") }
                        // clFFT hands the caller one reference to its event; SwiftCL's event takes it over.
                        let command = try CommandEvent(unsafeTakingOwnershipOf: event, context: encoder.context, label: routine)
                        try state.plans.record(command, for: key)
                        // Submitted now, so a command of another queue that waits for this one cannot wait forever.
                        try encoder.flush()
                        return command
                    }
                }
            }
        }
    }

    /// Calls `body` with the wait list of `events`.
    private static func withWaitList<R>(_ events: [CommandEvent], _ body: (cl_uint, UnsafePointer<OpaquePointer?>?) -> R) -> R {
        guard !events.isEmpty else { return body(0, nil) }
        var handles: [OpaquePointer?] = []
        for event in events { event.withUnsafeHandle { handles.append($0) } }
        return withExtendedLifetime(events) {
            handles.withUnsafeBufferPointer { body(cl_uint(events.count), $0.baseAddress) }
        }
    }

    /// The cached plan for `key`, or a new one made, configured and baked. Holds the lock.
    private static func plan(for key: PlanKey, context: Context, device: Device, in state: inout State) throws -> clfftPlanHandle {
        if state.tornDown {
            throw FFTError(.library, routine: "clfftTeardown", "clFFT has been torn down: the process is exiting")
        }
        if state.setUp == nil {
            state.setUp = swiftcl_clfft_setup().rawValue
            if state.setUp == 0 { atexit { ClFFT.tearDown() } }
        }
        if let status = state.setUp, status != 0 {
            throw libraryError("clfftSetup", clfftStatus(rawValue: status), routine: "clFFT set-up")
        }
        return try state.plans.plan(for: key, context: context) { try makePlan(key, context: context, device: device) }
    }

    /// Destroys every cached plan and tears clFFT down; later transforms throw. Registered with `atexit`.
    private static func tearDown() {
        state.withLock { state in
            state.plans.removeAll()
            _ = clfftTeardown()
            state.tornDown = true
        }
    }

    /// Baking writes the plan's constant buffers with blocking writes, so it runs on a queue of its own: on the
    /// encoder's queue it would wait for every command before it, and forever for one gated behind a user event the
    /// host completes later.
    private static func makePlan(_ key: PlanKey, context: Context, device: Device) throws -> clfftPlanHandle {
        let bakingQueue = try ComputeQueue(device: device, context: context)
        let geometry = key.geometry
        var handle = clfftPlanHandle()
        let dimension: clfftDim = [CLFFT_1D, CLFFT_2D, CLFFT_3D][geometry.shape.count - 1]
        var lengths = geometry.lengths
        try check("clfftCreateDefaultPlan", context.withUnsafeHandle { clfftCreateDefaultPlan(&handle, $0, dimension, &lengths) })
        do {
            try check("clfftSetPlanPrecision", clfftSetPlanPrecision(handle, key.double ? CLFFT_DOUBLE : CLFFT_SINGLE))
            let layouts: (clfftLayout, clfftLayout) = switch geometry.kind {
            case .complexToComplex: (CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED)
            case .realToComplex: (CLFFT_REAL, CLFFT_HERMITIAN_INTERLEAVED)
            case .complexToReal: (CLFFT_HERMITIAN_INTERLEAVED, CLFFT_REAL)
            }
            try check("clfftSetLayout", clfftSetLayout(handle, layouts.0, layouts.1))
            try check("clfftSetResultLocation", clfftSetResultLocation(handle, key.inPlace ? CLFFT_INPLACE : CLFFT_OUTOFPLACE))
            var inputStrides = geometry.inputStrides, outputStrides = geometry.outputStrides
            try check("clfftSetPlanInStride", clfftSetPlanInStride(handle, dimension, &inputStrides))
            try check("clfftSetPlanOutStride", clfftSetPlanOutStride(handle, dimension, &outputStrides))
            try check("clfftSetPlanDistance", clfftSetPlanDistance(handle, geometry.inputDistance, geometry.outputDistance))
            try check("clfftSetPlanBatchSize", clfftSetPlanBatchSize(handle, geometry.batch))
            try bakingQueue.withUnsafeHandle { queueHandle in
                var queue: OpaquePointer? = queueHandle
                try check("clfftBakePlan", CompilerConsole.routingSummaryLines(of: "clfftBakePlan") { clfftBakePlan(handle, 1, &queue, nil, nil) })
            }
        } catch {
            _ = clfftDestroyPlan(&handle)
            throw error
        }
        return handle
    }

    private static func check(_ routine: String, _ status: clfftStatus) throws {
        if status != CLFFT_SUCCESS { throw libraryError(routine, status, routine: routine) }
    }

    private static func libraryError(_ call: String, _ status: clfftStatus, routine: String) -> FFTError {
        let code = status.rawValue
        return FFTError(.library, routine: call, "\(routine == call ? "" : "\(routine): ")failed with \(statusName(code)) (\(code))",
                        status: code)
    }

    /// clFFT's name for a status: its own codes, and OpenCL's by SwiftCL's names.
    static func statusName(_ status: Int32) -> String {
        let own: [Int32: String] = [
            4096: "CLFFT_BUGCHECK", 4097: "CLFFT_NOTIMPLEMENTED", 4098: "CLFFT_TRANSPOSED_NOTIMPLEMENTED",
            4099: "CLFFT_FILE_NOT_FOUND", 4100: "CLFFT_FILE_CREATE_FAILURE", 4101: "CLFFT_VERSION_MISMATCH",
            4102: "CLFFT_INVALID_PLAN", 4103: "CLFFT_DEVICE_NO_DOUBLE", 4104: "CLFFT_DEVICE_MISMATCH",
        ]
        return own[status] ?? CLStatus(rawValue: status).name
    }
}

extension CommandEvent {
    /// Whether the command has completed or failed (either way it no longer uses the plan's scratch).
    var hasEnded: Bool {
        switch status {
        case .complete, .failed: true
        case .queued, .submitted, .running: false
        }
    }
}
