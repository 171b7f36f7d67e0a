internal import CCLBlast
import SwiftCL


/// How every CLBlast routine is enqueued (the routine files call CLBlast's C functions inside `enqueue`'s closure), on the encoder's queue in order with its
/// other commands (``SwiftCL/ComputeEncoder/withUnsafeQueueHandle(keepingAlive:_:)``), its operands kept alive until
/// it completes, its status turned into a ``BLASError`` naming the routine, and its event adopted as a
/// ``SwiftCL/CommandEvent``.
///
/// Calls into CLBlast are serialised by one process-wide lock (SwiftCL's `Locked`, which ThreadSanitizer sees): CLBlast 1.5.3 (Debian's) is not safe to call from two
/// threads at once — AddressSanitizer caught a use-after-free inside its device database (`clblast::Database`) when two
/// queues first ran GEMMs together. A call only enqueues, so the lock is held for microseconds, not for the kernel.
enum CLBlast {
    /// The lock, and the routines (by context and name) already called once: CLBlast compiles a routine's program on
    /// its first call in a context, so that call alone has the compiler's summary lines routed to the logger
    /// (``SwiftCL/CompilerConsole``); later calls pay nothing for it.
    private static let callLock = Locked(Set<CalledRoutine>())

    private struct CalledRoutine: Hashable {
        let context: ObjectIdentifier
        let name: String
    }

    /// Runs `body` under the lock every CLBlast call holds; with `forgettingPrograms`, the routines called so far
    /// count as not called (CLBlast compiles them again after `CLBlastClearCache`).
    static func withCallLock<R>(forgettingPrograms: Bool = false, _ body: () throws -> R) rethrows -> R {
        try callLock.withLock { called in
            defer { if forgettingPrograms { called.removeAll() } }
            return try body()
        }
    }

    typealias Queue = UnsafeMutablePointer<OpaquePointer?>
    typealias Event = UnsafeMutablePointer<OpaquePointer?>

    static func enqueue<T: BLASScalar>(_ routine: String, _: T.Type, on encoder: ComputeEncoder, using objects: [MemoryObject],
                                       _ call: (Queue, Event) -> CLBlastStatusCode) throws -> CommandEvent {
        let name = "CLBlast\(T.blasPrefix)\(routine)"
        try checkPrecision(T.self, on: encoder.device, routine: name)
        return try encoder.withUnsafeQueueHandle(keepingAlive: objects) { queueHandle in
            var queue: OpaquePointer? = queueHandle
            var event: OpaquePointer?
            let routine = CalledRoutine(context: ObjectIdentifier(encoder.context), name: name)
            let status = callLock.withLock { called in
                if called.contains(routine) { return call(&queue, &event).rawValue }
                let status = CompilerConsole.routingSummaryLines(of: name) { call(&queue, &event).rawValue }
                if status == 0 { called.insert(routine) }
                return status
            }
            guard status == 0 else {
                if let event { _ = try? CommandEvent(unsafeTakingOwnershipOf: event, context: encoder.context) }
                throw BLASError(.library, routine: name, "failed with \(statusName(status)) (\(status))", status: status)
            }
            guard let event else {
                throw BLASError(.library, routine: name, "returned no event")
            }
            // CLBlast hands the caller one reference to its event; SwiftCL's event takes it over.
            return try CommandEvent(unsafeTakingOwnershipOf: event, context: encoder.context, label: name)
        }
    }

    /// Refuses an element type CLBlast has no routine for here (a client's own ``BLASScalar`` conformance: the
    /// routines call CLBlast's `S` or `D` functions, nothing else), and `Double` on a device without `cl_khr_fp64`.
    static func checkPrecision<T: BLASScalar>(_: T.Type, on device: Device, routine: String) throws {
        guard T.self == Float.self || T.self == Double.self else {
            throw BLASError(.unsupportedPrecision, routine: routine, "\(T.self) has no CLBlast routine here: Float and Double do")
        }
        if T.self == Double.self, !device.supportsDoublePrecision {
            throw BLASError(.unsupportedPrecision, routine: routine, "\(device.name) lacks cl_khr_fp64")
        }
    }

    static func layout(_ layout: BLASLayout) -> CLBlastLayout {
        layout == .rowMajor ? CLBlastLayoutRowMajor : CLBlastLayoutColMajor
    }

    static func transpose(_ transpose: BLASTranspose) -> CLBlastTranspose {
        transpose == .none ? CLBlastTransposeNo : CLBlastTransposeYes
    }

    /// CLBlast's name for a status (its own codes and the OpenCL ones it shares).
    static func statusName(_ status: Int32) -> String {
        let names: [Int32: String] = [
            -4: "CLBlastTempBufferAllocFailure", -5: "CLBlastOpenCLOutOfResources", -6: "CLBlastOpenCLOutOfHostMemory",
            -11: "CLBlastOpenCLBuildProgramFailure", -30: "CLBlastInvalidValue", -36: "CLBlastInvalidCommandQueue",
            -38: "CLBlastInvalidMemObject", -54: "CLBlastInvalidLocalThreadsTotal", -59: "CLBlastInvalidOperation",
            -61: "CLBlastInvalidBufferSize", -1024: "CLBlastNotImplemented", -1017: "CLBlastInvalidDimension",
            -1016: "CLBlastInvalidLeadDimA", -1015: "CLBlastInvalidLeadDimB", -1014: "CLBlastInvalidLeadDimC",
            -1013: "CLBlastInvalidIncrementX", -1012: "CLBlastInvalidIncrementY", -1011: "CLBlastInsufficientMemoryA",
            -1010: "CLBlastInsufficientMemoryB", -1009: "CLBlastInsufficientMemoryC", -1008: "CLBlastInsufficientMemoryX",
            -1007: "CLBlastInsufficientMemoryY", -2049: "CLBlastInvalidBatchCount", -2046: "CLBlastInvalidLocalMemUsage",
            -2045: "CLBlastNoHalfPrecision", -2044: "CLBlastNoDoublePrecision", -2042: "CLBlastInsufficientMemoryScalar",
            -2041: "CLBlastDatabaseError", -2040: "CLBlastUnknownError", -2039: "CLBlastUnexpectedError",
        ]
        return names[status] ?? "status"
    }
}
