internal import COpenCL

extension Context {
    /// The pixel formats the context's devices support for `kind` images with kernel `access`
    /// (`clGetSupportedImageFormats`), in the runtime's order; formats SwiftCL has no name for are left out.
    public func supportedImageFormats(for kind: ImageKind = .image2D, access: KernelAccess = .readWrite) throws -> [ImageFormat] {
        guard devices.allSatisfy(\.supportsImages) else { return [] }
        var count: cl_uint = 0
        try check(clGetSupportedImageFormats(id, access.flags, kind.memObjectType, 0, nil, &count), "clGetSupportedImageFormats")
        guard count > 0 else { return [] }
        var formats = [cl_image_format](repeating: cl_image_format(), count: Int(count))
        try check(clGetSupportedImageFormats(id, access.flags, kind.memObjectType, count, &formats, nil), "clGetSupportedImageFormats")
        return formats.compactMap { format in
            guard let order = ChannelOrder(rawValue: format.image_channel_order),
                  let type = ChannelType(rawValue: format.image_channel_data_type) else { return nil }
            return ImageFormat(order, type)
        }
    }
}
