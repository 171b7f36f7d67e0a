/// A kernel of a built program: what ``ComputeEncoder/launch(_:_:_:)`` runs.
///
/// Arguments are bound and the launch enqueued as one step under the kernel object's lock, so one
/// `Kernel` may be shared by every queue of its context. Kernels from ``Program/sharedKernel(named:)``
/// share one kernel object per program and name.
public final class Kernel: Sendable, CustomStringConvertible {
    let core: KernelCore
    /// The program the kernel belongs to (kept alive by the kernel).
    public let program: Program
    /// The context the program was built for, compared on every launch without retaining the program (a `Program`
    /// is weakly referenced by its cache, so its reference count lives in a side table and every retain is slower).
    let contextIdentity: ObjectIdentifier

    init(core: KernelCore, program: Program) {
        self.core = core
        self.program = program
        contextIdentity = ObjectIdentifier(program.context)
    }

    /// The kernel's name.
    public var name: String { core.name }
    /// `CL_KERNEL_NUM_ARGS`.
    public var argumentCount: Int { core.argumentCount }
    /// The parameters as the runtime reports them. When it reports none (a program built with
    /// ``BuildOptions/kernelArgumentInfo`` off, or loaded from a binary) they come from the binary-cache
    /// entry or are read from the source's kernel signature; nil when neither is known.
    public var parameters: [KernelParameter]? { core.parameters }
    /// How many launches of this kernel object have been enqueued.
    public var launchCount: Int { core.launchLock.withLock { $0 } }

    public var description: String {
        "kernel \(name)(" + (parameters?.map(\.description).joined(separator: ", ") ?? "\(argumentCount) args") + ")"
    }

    /// Work-group facts of this kernel on `device` (the guide's `gcl_get_kernel_block_workgroup_info`).
    /// - Throws: ``SwiftCLError/contextMismatch(object:belongsTo:expected:)`` for a device outside the kernel's context.
    public func workGroupInfo(on device: Device) throws -> WorkGroupInfo {
        try core.workGroupInfo(on: device)
    }
}
