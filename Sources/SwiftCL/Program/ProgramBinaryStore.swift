/// Where built program binaries are kept between runs, so a later build of the same source loads the binary instead
/// of compiling. The runtime uses one only when a ``Context`` or ``Program`` is given one; `SwiftCLBinaryCache`'s
/// `ProgramBinaryCache` (a verified on-disk cache) is the shipped store.
public protocol ProgramBinaryStore: Sendable {
    /// The slot for building `source` with `options` on `device`, or nil when such a build cannot be stored (say, an
    /// `#include` that cannot be found, so a changed header could not be noticed).
    func slot(device: Device, source: String, options: BuildOptions) -> (any ProgramBinarySlot)?
}

/// One device's build in a ``ProgramBinaryStore``: load it, store it, or discard it.
public protocol ProgramBinarySlot: Sendable {
    /// The stored build, verified by the store, or nil.
    func load() -> StoredProgramBinary?
    /// Keeps `binary` (a store that fails to write logs it; the build goes on).
    func store(_ binary: StoredProgramBinary)
    /// Drops the stored build: the driver refused a binary that passed the store's checks.
    func discard(because reason: String)
}

/// A build as a store keeps it: the device binary, and the kernels with their parameters (OpenCL reports no argument
/// information for programs created from binaries, so the store carries what the source build reported).
public struct StoredProgramBinary: Hashable, Sendable {
    public let binary: [UInt8]
    public let kernelNames: [String]
    /// By kernel name; kernels built without argument information are absent.
    public let parameters: [String: [KernelParameter]]

    public init(binary: [UInt8], kernelNames: [String], parameters: [String: [KernelParameter]]) {
        self.binary = binary
        self.kernelNames = kernelNames
        self.parameters = parameters
    }
}
