internal import COpenCL

extension Sampler.Addressing {
    /// The `cl_addressing_mode` (`CL_ADDRESS_CLAMP_TO_EDGE`, …).
    var value: UInt32 {
        switch self {
        case .none: cl_addressing_mode(CL_ADDRESS_NONE)
        case .clampToEdge: cl_addressing_mode(CL_ADDRESS_CLAMP_TO_EDGE)
        case .clamp: cl_addressing_mode(CL_ADDRESS_CLAMP)
        case .repeat: cl_addressing_mode(CL_ADDRESS_REPEAT)
        case .mirroredRepeat: cl_addressing_mode(CL_ADDRESS_MIRRORED_REPEAT)
        }
    }
}

extension Sampler.Filter {
    /// The `cl_filter_mode` (`CL_FILTER_NEAREST` or `CL_FILTER_LINEAR`).
    var value: UInt32 {
        switch self {
        case .nearest: cl_filter_mode(CL_FILTER_NEAREST)
        case .linear: cl_filter_mode(CL_FILTER_LINEAR)
        }
    }
}
