/// What shared virtual memory a device offers (`CL_DEVICE_SVM_CAPABILITIES`, OpenCL 2.0); empty on devices of
/// OpenCL 1.2 platforms and on 3.0 devices without SVM.
public struct SVMCapabilities: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Buffers shared with the host; the host reaches them through a map (``SVMGranularity/coarseGrain``).
    public static let coarseGrainBuffer = SVMCapabilities(rawValue: 1 << 0)
    /// Buffers the host reads and writes directly while no command uses them (``SVMGranularity/fineGrain``).
    public static let fineGrainBuffer = SVMCapabilities(rawValue: 1 << 1)
    /// Any host allocation (`malloc`) is shared.
    public static let fineGrainSystem = SVMCapabilities(rawValue: 1 << 2)
    /// Atomics in fine-grain memory are coherent between the host and the device while commands run.
    public static let atomics = SVMCapabilities(rawValue: 1 << 3)

    public var description: String {
        let names: [(SVMCapabilities, String)] = [(.coarseGrainBuffer, "coarse-grain buffer"), (.fineGrainBuffer, "fine-grain buffer"),
                                                  (.fineGrainSystem, "fine-grain system"), (.atomics, "atomics")]
        let present = names.filter { contains($0.0) }.map(\.1)
        return present.isEmpty ? "none" : present.joined(separator: ", ")
    }
}
