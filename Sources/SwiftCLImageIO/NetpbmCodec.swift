/// PGM and PPM (Netpbm): binary `P5`/`P6` and plain-text `P2`/`P3` are read, binary is written. A maximum other than
/// 255 or 65535 is rescaled to 8 bits (≤ 255) or 16 bits.
enum NetpbmCodec {
    static func decode(_ bytes: [UInt8]) throws -> PixelImage {
        var cursor = 0
        /// The next header number, skipping blanks and `#` comments.
        func number(_ what: String) throws -> Int {
            while cursor < bytes.count {
                if bytes[cursor] == UInt8(ascii: "#") {
                    while cursor < bytes.count, bytes[cursor] != UInt8(ascii: "\n") { cursor += 1 }
                } else if [9, 10, 11, 12, 13, 32].contains(bytes[cursor]) {
                    cursor += 1
                } else {
                    break
                }
            }
            guard cursor < bytes.count else { throw ImageFileError(.truncated, path: nil, message: "Netpbm: the file ends before its \(what)") }
            var value = 0, digits = 0
            while cursor < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[cursor]) {
                value = value * 10 + Int(bytes[cursor] - UInt8(ascii: "0"))
                digits += 1
                cursor += 1
                guard value <= 1 << 31 else { throw ImageFileError(.corrupt, path: nil, message: "Netpbm: the \(what) is too large") }
            }
            guard digits > 0 else {
                throw ImageFileError(.corrupt, path: nil, message: "Netpbm: expected the \(what) at byte \(cursor), found '\(Unicode.Scalar(bytes[cursor]))'")
            }
            return value
        }
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "P"), let kind = "2356".utf8.firstIndex(of: bytes[1]) else {
            throw ImageFileError(.corrupt, path: nil, message: "not a PGM or PPM file (no P2, P3, P5 or P6 signature)")
        }
        let magic = "2356".utf8[kind]
        cursor = 2
        let channels: PixelImage.Channels = magic == UInt8(ascii: "2") || magic == UInt8(ascii: "5") ? .gray : .rgb
        let plain = magic == UInt8(ascii: "2") || magic == UInt8(ascii: "3")
        let width = try number("width"), height = try number("height"), maxval = try number("maximum value")
        guard (1...65535).contains(maxval) else {
            throw ImageFileError(maxval == 0 ? .corrupt : .unsupported, path: nil, message: "Netpbm maximum value \(maxval) (allowed: 1…65535)")
        }
        try PixelImage.checkSize(width: width, height: height)
        let depth: PixelImage.Depth = maxval <= 255 ? .eight : .sixteen
        let count = width * height * channels.count
        var samples = [Int](repeating: 0, count: count)
        if plain {
            for index in 0..<count { samples[index] = try number("sample \(index)") }
        } else {
            cursor += 1  // the one blank after the maximum value
            let sampleBytes = maxval <= 255 ? 1 : 2
            guard bytes.count - min(cursor, bytes.count) >= count * sampleBytes else {
                throw ImageFileError(.truncated, path: nil, message: "Netpbm: the raster needs \(count * sampleBytes) bytes, "
                    + "the file has \(max(0, bytes.count - cursor)) after its header (truncated)")
            }
            for index in 0..<count {
                samples[index] = sampleBytes == 1 ? Int(bytes[cursor + index])
                    : Int(bytes[cursor + 2 * index]) << 8 | Int(bytes[cursor + 2 * index + 1])
            }
        }
        if let bad = samples.firstIndex(where: { $0 > maxval }) {
            throw ImageFileError(.corrupt, path: nil, message: "Netpbm: sample \(bad) is \(samples[bad]), over the maximum \(maxval)")
        }
        let scale = maxval == depth.maximum ? nil : Double(depth.maximum) / Double(maxval)
        let levels = samples.map { sample in scale.map { Int((Double(sample) * $0).rounded()) } ?? sample }
        var raw = [UInt8](repeating: 0, count: count * depth.bytes)
        raw.withUnsafeMutableBytes { out in
            for (index, level) in levels.enumerated() {
                if depth == .eight { out[index] = UInt8(level) } else { out.storeBytes(of: UInt16(level), toByteOffset: index * 2, as: UInt16.self) }
            }
        }
        return try PixelImage(width: width, height: height, channels: channels, depth: depth, bytes: raw)
    }

    static func encode(_ picture: PixelImage, as format: ImageFileFormat) throws -> [UInt8] {
        let wanted: PixelImage.Channels = format == .pgm ? .gray : .rgb
        guard picture.channels == wanted else {
            throw ImageFileError(.invalidPicture, path: nil, message: "\(format.rawValue.uppercased()) holds \(wanted) pixels, "
                + "the picture is \(picture.channels) (write PNG, which holds every layout)")
        }
        var bytes = Array("\(format == .pgm ? "P5" : "P6")\n\(picture.width) \(picture.height)\n\(picture.depth.maximum)\n".utf8)
        switch picture.depth {
        case .eight: bytes += picture.bytes
        case .sixteen:
            picture.bytes.withUnsafeBytes { raw in
                for sample in raw.bindMemory(to: UInt16.self) { bytes += [UInt8(sample >> 8), UInt8(sample & 0xFF)] }
            }
        }
        return bytes
    }
}
