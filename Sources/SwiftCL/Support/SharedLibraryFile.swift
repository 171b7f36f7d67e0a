#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import OpenCLSource

/// Checks of a shared library named by the user (`SWIFTCL_HOST_BLAS`) before `dlopen` maps it: `dlopen` blocks forever
/// on a FIFO and a library cut short faults the process (SIGBUS) when the loader touches a page past the file's end.
package enum SharedLibraryFile {
    /// Why the file at `path` cannot be a loadable shared library, or nil: it must be a regular file (links followed; a
    /// special file is never opened blocking) holding a 64-bit little-endian ELF shared object whose program headers,
    /// loadable segments and section headers all lie within the file.
    package static func problem(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { return "cannot open: \(String(cString: strerror(errno)))" }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return "cannot stat" }
        guard info.st_mode & S_IFMT == S_IFREG else { return "\(RegularFile.kind(info.st_mode)), not a shared library" }
        let size = UInt64(info.st_size)
        /// Whether `length` bytes from `offset` lie within the file (the header's fields are the file's: any value).
        func within(_ offset: UInt64, _ length: UInt64) -> Bool {
            let (end, overflow) = offset.addingReportingOverflow(length)
            return !overflow && end <= size
        }
        func bytes(at offset: UInt64, count: Int) -> [UInt8]? {
            guard within(offset, UInt64(count)) else { return nil }
            var buffer = [UInt8](repeating: 0, count: count)
            let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
            return read == count ? buffer : nil
        }
        func integer(_ buffer: [UInt8], _ offset: Int, _ width: Int) -> UInt64 {
            (0..<width).reduce(UInt64(0)) { $0 | UInt64(buffer[offset + $1]) << (8 * UInt64($1)) }
        }
        guard let header = bytes(at: 0, count: 64), header[0..<4].elementsEqual([0x7f, 0x45, 0x4c, 0x46]) else {
            return "not an ELF file (\(size) bytes)"
        }
        guard header[4] == 2, header[5] == 1 else { return "not a 64-bit little-endian ELF file" }
        guard integer(header, 0x10, 2) == 3 else { return "an ELF file but not a shared object" }
        let (programOffset, programSize, programCount) = (integer(header, 0x20, 8), integer(header, 0x36, 2), integer(header, 0x38, 2))
        let (sectionOffset, sectionSize, sectionCount) = (integer(header, 0x28, 8), integer(header, 0x3a, 2), integer(header, 0x3c, 2))
        let truncated = "cut short: \(size) bytes, but its headers describe more (a partial copy?)"
        guard programSize >= 56, sectionCount == 0 || within(sectionOffset, sectionSize * sectionCount),
              let table = bytes(at: programOffset, count: Int(programSize * programCount)) else { return truncated }
        for index in 0..<Int(programCount) {
            let entry = index * Int(programSize)
            guard integer(table, entry, 4) == 1 else { continue }  // PT_LOAD
            let (offset, length) = (integer(table, entry + 8, 8), integer(table, entry + 32, 8))
            guard within(offset, length) else { return truncated }
        }
        return nil
    }
}
