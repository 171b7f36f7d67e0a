/// How kernels sample an image (`cl_sampler`): coordinates, addressing at the edges, filtering.
/// Pass it as a kernel argument for a `sampler_t` parameter; kernels may also declare program-scope
/// samplers, as the guide's Listing 6-6 does.
public final class Sampler: KernelArgument, Sendable {
    let id: SamplerHandle
    /// The context the sampler belongs to.
    public let context: Context
    public let normalizedCoordinates: Bool
    public let addressing: Addressing
    public let filter: Filter

    /// What happens to coordinates outside the image.
    public enum Addressing: Hashable, Sendable {
        case none, clampToEdge, clamp, `repeat`, mirroredRepeat
    }

    /// How a read between pixel centres is answered.
    public enum Filter: Hashable, Sendable {
        case nearest, linear
    }

    /// Creates a sampler. Repeat addressing needs normalised coordinates (the OpenCL rule), and the
    /// context's devices must support images; both are checked before the C call.
    /// - Throws: ``SwiftCLError/noImageSupport(device:)``, ``SwiftCLError/samplerNeedsNormalizedCoordinates(addressing:)``, ``OpenCLError``.
    public init(context: Context, normalizedCoordinates: Bool = false, addressing: Addressing = .clampToEdge,
                filter: Filter = .nearest) throws {
        if let device = context.devices.first(where: { !$0.supportsImages }) {
            throw SwiftCLError.noImageSupport(device: device.name)
        }
        if !normalizedCoordinates, addressing == .repeat || addressing == .mirroredRepeat {
            throw SwiftCLError.samplerNeedsNormalizedCoordinates(addressing: "\(addressing)")
        }
        self.context = context
        self.normalizedCoordinates = normalizedCoordinates
        self.addressing = addressing
        self.filter = filter
        if context.devices.allSatisfy({ $0.version.hasPrefix("OpenCL 1.") }) {
            id = try CL.createSampler(context.id, normalizedCoordinates: normalizedCoordinates, addressing: addressing.value,
                                      filter: filter.value)
        } else {
            id = try CL.createSamplerWithProperties(context.id, normalizedCoordinates: normalizedCoordinates,
                                                    addressing: addressing.value, filter: filter.value)
        }
        LiveObjectCounts.track(.sampler, +1)
    }

    deinit {
        CL.releaseSampler(id)
        LiveObjectCounts.track(.sampler, -1)
    }

    public var kernelArgument: KernelArgumentValue { KernelArgumentValue(.sampler(self)) }
}
