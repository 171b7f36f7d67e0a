/// Why an image file could not be read or written, or a picture could not be made: a code to match on, the file's
/// path where there is one, and the reason in words.
public struct ImageFileError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: Hashable, Sendable {
        /// The file cannot be opened or read (missing, a directory or special file, no permission).
        case unreadable
        /// The file cannot be written.
        case unwritable
        /// The bytes are not a picture of the format (bad signature, bad header, a failed checksum, bad data).
        case corrupt
        /// The file ends before the picture does.
        case truncated
        /// A valid file of a kind this reader does not take (an unknown format, a Netpbm maximum over 65535).
        case unsupported
        /// The picture is larger than ``PixelImage/maximumPixels``.
        case tooLarge
        /// Samples that do not make the picture asked for, or an image of a format no file can hold.
        case invalidPicture
        /// A pixel or channel asked of a picture that does not have it.
        case outOfRange
    }

    public let code: Code
    public let path: String?
    public let reason: String

    public init(_ code: Code, path: String?, reason: String) {
        self.code = code
        self.path = path
        self.reason = reason
    }

    public var description: String { path.map { "\($0): \(reason)" } ?? reason }

    /// The same error naming `path`.
    func at(_ path: String) -> ImageFileError { ImageFileError(code, path: self.path ?? path, reason: reason) }
}
