/// A memory object (`cl_mem`) owned by Swift: released when the last reference goes away. A launch or
/// copy keeps the objects it uses alive until the command completes.
public class MemoryObject: @unchecked Sendable {
    // `@unchecked` only because the class is open to Buffer and Image (Swift checks Sendable on final
    // classes only): it stores nothing but these constants (the pool is itself Sendable).
    let id: MemoryHandle
    /// The context the object belongs to.
    public let context: Context
    /// The object's size in bytes.
    public let byteCount: Int
    /// Unique for the process's life (a launch's remembered check names the object by it, see `CheckedLaunchKey`).
    let serial = ObjectSerial.next()
    /// The pool the memory returns to, when it came from one.
    let pool: MemoryPool?
    /// The host address of the object's bytes when they are memory SwiftCL was handed (`CL_MEM_USE_HOST_PTR`: shared
    /// virtual memory, ``Buffer/unsafeWrapping(_:context:access:hostAccess:)``), where two objects may share bytes
    /// without sharing a `cl_mem`; nil otherwise.
    let hostAddress: Int?

    init(id: MemoryHandle, context: Context, byteCount: Int, pool: MemoryPool? = nil, hostAddress: UnsafeMutableRawPointer? = nil) {
        self.id = id
        self.context = context
        self.byteCount = byteCount
        self.pool = pool
        self.hostAddress = hostAddress.map { Int(bitPattern: $0) }
        LiveObjectCounts.track(.memoryObject, +1)
    }

    deinit {
        ReplayPending.forget(serial)
        if pool?.keep(id, byteCount: byteCount, context: context) != true { CL.releaseMemObject(id) }
        LiveObjectCounts.track(.memoryObject, -1)
    }

    /// The raw `cl_mem`, for calling OpenCL directly (the guide's `gcl_create_buffer_from_ptr` escape
    /// hatch). It stays valid while this object is alive; do not release it.
    public var handle: OpaquePointer { id.pointer }

    var kindDescription: String { "memory object" }

    /// How the object lets kernels use it (subclasses report what they were created with).
    var declaredKernelAccess: KernelAccess { .readWrite }

    /// The allocation this object's memory lies in and where it starts there: itself at 0, or a sub-buffer's root and
    /// origin (a native kernel is handed the root's address: PoCL gives a sub-buffer none of its own).
    var storageRoot: (object: MemoryObject, offsetBytes: Int) { (self, 0) }
}
