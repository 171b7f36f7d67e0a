import SwiftCL

/// Why an image file could not be read or written, or a picture could not be made: a code to match on, the file's
/// path where there is one, and the reason in words.
public struct ImageFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of error this is (``SwiftCL/ErrorCode``: an open set, compared with `==`).
    public typealias Code = ErrorCode<ImageFileError>

    public let code: Code
    /// The file, where there is one.
    public let path: String?
    /// What went wrong, in words (without the path).
    public let message: String

    public init(_ code: Code, path: String?, message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    @available(*, deprecated, renamed: "init(_:path:message:)")
    public init(_ code: Code, path: String?, reason: String) { self.init(code, path: path, message: reason) }

    @available(*, deprecated, renamed: "message")
    public var reason: String { message }

    public var description: String { path.map { "\($0): \(message)" } ?? message }

    /// The same error naming `path`.
    func at(_ path: String) -> ImageFileError { ImageFileError(code, path: self.path ?? path, message: message) }
}

extension ErrorCode where Domain == ImageFileError {
    /// The file cannot be opened or read (missing, a directory or special file, no permission).
    public static let unreadable = Self("unreadable")
    /// The file cannot be written.
    public static let unwritable = Self("unwritable")
    /// The bytes are not a picture of the format (bad signature, bad header, a failed checksum, bad data).
    public static let corrupt = Self("corrupt")
    /// The file ends before the picture does.
    public static let truncated = Self("truncated")
    /// A valid file of a kind this reader does not take (an unknown format, a Netpbm maximum over 65535).
    public static let unsupported = Self("unsupported")
    /// The picture is larger than ``PixelImage/maximumPixels``.
    public static let tooLarge = Self("tooLarge")
    /// Samples that do not make the picture asked for, or an image of a format no file can hold.
    public static let invalidPicture = Self("invalidPicture")
    /// A pixel or channel asked of a picture that does not have it.
    public static let outOfRange = Self("outOfRange")
}
