/// A file the source reader would not read: a special file, a missing or oversized one, or an include it cannot
/// follow. SwiftCL turns it into ``SwiftCLError``'s `unreadableFile`; the build plugin prints it as a build error.
package struct UnreadableFile: Error, Hashable, Sendable, CustomStringConvertible {
    package let path: String
    package let reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    package var description: String { "\(path): \(reason)" }
}
