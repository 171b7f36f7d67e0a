/// An OpenCL object handle (`cl_context`, `cl_mem`, …), typed by what it names so a queue cannot be
/// passed where a kernel is expected.
///
/// This is the one place the runtime vouches for thread-safety by hand (`@unchecked Sendable`): the
/// OpenCL specification makes every API call thread-safe except `clSetKernelArg` and `clCloneKernel` on
/// one `cl_kernel`, which ``KernelCore`` serialises behind its launch lock. Holding a handle owns
/// nothing; the class that created it releases it.
struct CLHandle<Kind: CLObjectKind>: Hashable, @unchecked Sendable {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    /// The handle's address, for keying caches by object.
    var address: UInt { UInt(bitPattern: Int(bitPattern: pointer)) }
}

/// What a ``CLHandle`` names.
protocol CLObjectKind {}

/// The kinds of OpenCL object SwiftCL holds handles to.
enum CLObject {
    enum Platform: CLObjectKind {}
    enum Device: CLObjectKind {}
    enum Context: CLObjectKind {}
    enum Queue: CLObjectKind {}
    enum Memory: CLObjectKind {}
    enum Program: CLObjectKind {}
    enum Kernel: CLObjectKind {}
    enum Sampler: CLObjectKind {}
    enum Event: CLObjectKind {}
    /// A `cl_command_buffer_khr` (`cl_khr_command_buffer`).
    enum CommandBuffer: CLObjectKind {}
}

typealias PlatformHandle = CLHandle<CLObject.Platform>
typealias DeviceHandle = CLHandle<CLObject.Device>
typealias ContextHandle = CLHandle<CLObject.Context>
typealias QueueHandle = CLHandle<CLObject.Queue>
typealias MemoryHandle = CLHandle<CLObject.Memory>
typealias ProgramHandle = CLHandle<CLObject.Program>
typealias KernelHandle = CLHandle<CLObject.Kernel>
typealias SamplerHandle = CLHandle<CLObject.Sampler>
typealias EventHandle = CLHandle<CLObject.Event>
typealias CommandBufferHandle = CLHandle<CLObject.CommandBuffer>
