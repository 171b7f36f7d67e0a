import Foundation
import SwiftCL

/// Reading and writing image files: PNG (through libpng), PGM and PPM.
///
/// ```swift
/// let picture = try ImageFile.read(contentsOf: "photo.png")
/// try ImageFile.write(picture, to: "copy.ppm")     // the format from the extension
/// ```
public enum ImageFile {
    /// The largest file read: enough for a 16-bit RGBA picture of ``PixelImage/maximumPixels``.
    static let maximumFileBytes = 1 << 31

    /// The picture in the file at `path`, its format told by its first bytes (not its name).
    /// - Throws: ``ImageFileError`` naming the path: `.unreadable` (missing, a folder or special file), `.corrupt`
    ///   (not PNG/PGM/PPM, a bad header, a failed PNG checksum), `.truncated`, `.unsupported`, `.tooLarge`.
    public static func read(contentsOf path: String) throws -> PixelImage {
        switch FileSystem.readRegularFile(path, maximumBytes: maximumFileBytes, followingSymlink: true) {
        case .missing: throw ImageFileError(.unreadable, path: path, message: "no such file")
        case let .refused(reason): throw ImageFileError(.unreadable, path: path, message: reason)
        case let .contents(bytes): return try decode(bytes, path: path)
        }
    }

    /// The picture in `bytes` (a PNG, PGM or PPM file's contents).
    /// - Throws: ``ImageFileError`` as ``read(contentsOf:)``, without a path.
    public static func decode(_ bytes: [UInt8]) throws -> PixelImage {
        try decode(bytes, path: nil)
    }

    private static func decode(_ bytes: [UInt8], path: String?) throws -> PixelImage {
        do {
            switch ImageFileFormat(signature: Array(bytes.prefix(8))) {
            case .png: return try PNGCodec.decode(bytes)
            case .pgm, .ppm: return try NetpbmCodec.decode(bytes)
            case nil:
                throw ImageFileError(bytes.isEmpty ? .truncated : .corrupt, path: nil,
                                     message: bytes.isEmpty ? "the file is empty" : "not a PNG, PGM or PPM file (unknown signature)")
            }
        } catch let error as ImageFileError {
            throw path.map { error.at($0) } ?? error
        }
    }

    /// The file bytes of `picture` in `format`.
    /// - Throws: ``ImageFileError`` `.invalidPicture` when the format cannot hold the picture's channels (PGM: gray,
    ///   PPM: RGB; PNG holds all four layouts).
    public static func encode(_ picture: PixelImage, as format: ImageFileFormat) throws -> [UInt8] {
        switch format {
        case .png: try PNGCodec.encode(picture)
        case .pgm, .ppm: try NetpbmCodec.encode(picture, as: format)
        }
    }

    /// Writes `picture` to `path`, replacing the file atomically, in `format` or, by default, the one the path's
    /// extension names.
    /// - Throws: ``ImageFileError`` naming the path: `.unsupported` for an extension that names no format (and no
    ///   `format` given), `.invalidPicture` (see ``encode(_:as:)``), `.unwritable`.
    public static func write(_ picture: PixelImage, to path: String, format: ImageFileFormat? = nil) throws {
        guard let format = format ?? ImageFileFormat(pathExtensionOf: path) else {
            throw ImageFileError(.unsupported, path: path, message: "the extension names no image format (use .png, .pgm or .ppm)")
        }
        let bytes: [UInt8]
        do {
            bytes = try encode(picture, as: format)
        } catch let error as ImageFileError {
            throw error.at(path)
        }
        do {
            try FileSystem.replaceFile(path, with: bytes, origin: .user)
        } catch {
            throw ImageFileError(.unwritable, path: path, message: "cannot write: \(error)")
        }
    }
}
