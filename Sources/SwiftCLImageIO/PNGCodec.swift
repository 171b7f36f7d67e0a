internal import CPNG

/// PNG through libpng (the C shim keeps libpng's longjmp errors inside C).
enum PNGCodec {
    static func decode(_ bytes: [UInt8]) throws -> PixelImage {
        var result = swiftcl_png_result()
        let decoded = bytes.withUnsafeBufferPointer { raw in
            swiftcl_png_decode(raw.baseAddress, raw.count, UInt32(PixelImage.maximumPixels), &result)
        }
        defer { swiftcl_png_free(&result) }
        guard decoded == 1 else {
            let message = message(of: &result)
            let code: ImageFileError.Code = message.contains("truncated") || message.contains("ends early") ? .truncated
                : message.contains("more pixels than allowed") ? .tooLarge : .corrupt
            throw ImageFileError(code, path: nil, message: "PNG: \(message)")
        }
        guard let channels = PixelImage.Channels(rawValue: Int(result.channels)),
              let depth = PixelImage.Depth(rawValue: Int(result.bit_depth)) else {
            throw ImageFileError(.unsupported, path: nil, message: "PNG with \(result.channels) channels of \(result.bit_depth) bits")
        }
        let samples = Array(UnsafeBufferPointer(start: result.data, count: result.size))
        return try PixelImage(width: Int(result.width), height: Int(result.height), channels: channels, depth: depth, bytes: samples)
    }

    static func encode(_ picture: PixelImage) throws -> [UInt8] {
        var result = swiftcl_png_result()
        let encoded = picture.bytes.withUnsafeBufferPointer { raw in
            swiftcl_png_encode(raw.baseAddress, UInt32(picture.width), UInt32(picture.height), Int32(picture.channels.count),
                               Int32(picture.depth.rawValue), &result)
        }
        defer { swiftcl_png_free(&result) }
        guard encoded == 1 else { throw ImageFileError(.invalidPicture, path: nil, message: "PNG: \(message(of: &result))") }
        return Array(UnsafeBufferPointer(start: result.data, count: result.size))
    }

    private static func message(of result: inout swiftcl_png_result) -> String {
        withUnsafeBytes(of: &result.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
