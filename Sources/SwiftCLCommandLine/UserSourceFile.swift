import ArgumentParser
import Foundation
import SwiftCL

/// Reading a user's `.cl` file and `-D` definitions for the command-line tools (`swiftcl`, `swiftcl-mpi`).
package enum UserSourceFile {
    /// The file's text, or a one-line error naming the file and what is wrong with it (exit 64, a usage error, without
    /// the top-level usage text after it: the file is what is wrong, not the command line's shape).
    package static func read(_ url: URL) throws -> String {
        do {
            return try FileSystem.textOfUserFile(url.path)
        } catch let error as SwiftCLError {
            FileHandle.standardError.write(Data("Error: \(error.description)\n".utf8))
            throw ExitCode(64)
        }
    }

    /// `NAME` or `NAME=VALUE`; an empty name is a usage error, not a crash.
    package static func parseDefinition(_ text: String) throws -> (name: String, value: String?) {
        let name = text.prefix { $0 != "=" }
        guard !name.isEmpty else { throw ValidationError("-D needs NAME or NAME=VALUE, got \"\(text)\"") }
        let rest = text.dropFirst(name.count)
        return (String(name), rest.isEmpty ? nil : String(rest.dropFirst()))
    }
}
