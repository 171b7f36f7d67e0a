extension Context {
    /// The pixel formats the context's devices support for `kind` images with kernel `access`
    /// (`clGetSupportedImageFormats`), in the runtime's order; formats SwiftCL has no name for are left out.
    /// - Throws: ``OpenCLError``.
    public func supportedImageFormats(for kind: ImageKind = .image2D, access: KernelAccess = .readWrite) throws -> [ImageFormat] {
        guard devices.allSatisfy(\.supportsImages) else { return [] }
        return try CL.getSupportedImageFormats(id, flags: access.flags, imageType: kind.memObjectType).compactMap { format in
            guard let order = ChannelOrder(rawValue: format.order), let type = ChannelType(rawValue: format.type) else { return nil }
            return ImageFormat(order, type)
        }
    }
}
