internal import COpenCL

/// How kernels sample an image (`cl_sampler`): coordinates, addressing at the edges, filtering.
/// Pass it as a kernel argument for a `sampler_t` parameter; kernels may also declare program-scope
/// samplers, as the guide's Listing 6-6 does.
public final class Sampler: KernelArgument, @unchecked Sendable {
    // The handle never changes; samplers may be shared between threads.
    let id: OpaquePointer
    /// The context the sampler belongs to.
    public let context: Context
    public let normalizedCoordinates: Bool
    public let addressing: Addressing
    public let filter: Filter

    /// What happens to coordinates outside the image.
    public enum Addressing: Hashable, Sendable {
        case none, clampToEdge, clamp, `repeat`, mirroredRepeat

        var value: cl_addressing_mode {
            switch self {
            case .none: cl_addressing_mode(CL_ADDRESS_NONE)
            case .clampToEdge: cl_addressing_mode(CL_ADDRESS_CLAMP_TO_EDGE)
            case .clamp: cl_addressing_mode(CL_ADDRESS_CLAMP)
            case .repeat: cl_addressing_mode(CL_ADDRESS_REPEAT)
            case .mirroredRepeat: cl_addressing_mode(CL_ADDRESS_MIRRORED_REPEAT)
            }
        }
    }

    /// How a read between pixel centres is answered.
    public enum Filter: Hashable, Sendable {
        case nearest, linear

        var value: cl_filter_mode {
            switch self {
            case .nearest: cl_filter_mode(CL_FILTER_NEAREST)
            case .linear: cl_filter_mode(CL_FILTER_LINEAR)
            }
        }
    }

    /// Creates a sampler. Repeat addressing needs normalised coordinates (the OpenCL rule), and the
    /// context's devices must support images; both are checked before the C call.
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
        let normalized = cl_bool(normalizedCoordinates ? CL_TRUE : CL_FALSE)
        if context.devices.allSatisfy({ $0.version.hasPrefix("OpenCL 1.") }) {
            id = try create("clCreateSampler") { status in
                clCreateSampler(context.id, normalized, addressing.value, filter.value, status)
            }
        } else {
            let properties: [cl_sampler_properties] = [
                cl_sampler_properties(CL_SAMPLER_NORMALIZED_COORDS), cl_sampler_properties(normalized),
                cl_sampler_properties(CL_SAMPLER_ADDRESSING_MODE), cl_sampler_properties(addressing.value),
                cl_sampler_properties(CL_SAMPLER_FILTER_MODE), cl_sampler_properties(filter.value), 0,
            ]
            id = try create("clCreateSamplerWithProperties") { status in
                clCreateSamplerWithProperties(context.id, properties, status)
            }
        }
        LiveObjectCounts.track(.sampler, +1)
    }

    deinit {
        release(clReleaseSampler(id), "clReleaseSampler")
        LiveObjectCounts.track(.sampler, -1)
    }

    public var kernelArgument: KernelArgumentValue { KernelArgumentValue(.sampler(self)) }
}
