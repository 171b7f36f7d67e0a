/// The image file formats SwiftCL reads and writes: PNG (through libpng) and the Netpbm formats PGM and PPM.
public enum ImageFileFormat: String, Hashable, Sendable, CaseIterable {
    /// PNG: gray, gray + alpha, RGB, RGBA; 8 or 16 bits (palettes and 1/2/4-bit gray are read as 8-bit).
    case png
    /// Netpbm gray map (`P5`, or plain-text `P2` when read): one channel, 8 or 16 bits.
    case pgm
    /// Netpbm pixel map (`P6`, or plain-text `P3` when read): RGB, 8 or 16 bits.
    case ppm

    /// The format a file name's extension names (`.png`, `.pgm`, `.ppm`, any case), or nil.
    public init?(pathExtensionOf path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// The format the first bytes of a file show (PNG's signature, `P2`/`P5`, `P3`/`P6`), or nil.
    init?(signature bytes: [UInt8]) {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            self = .png
        } else if bytes.count >= 2, bytes[0] == UInt8(ascii: "P"), [UInt8(ascii: "2"), UInt8(ascii: "5")].contains(bytes[1]) {
            self = .pgm
        } else if bytes.count >= 2, bytes[0] == UInt8(ascii: "P"), [UInt8(ascii: "3"), UInt8(ascii: "6")].contains(bytes[1]) {
            self = .ppm
        } else {
            return nil
        }
    }
}
