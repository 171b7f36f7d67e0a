extension Int {
    /// `self + other`, clamped to `Int.min...Int.max` instead of overflowing (sums of caller-given sizes).
    func saturatingAdding(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? Int.max : Int.min) : sum
    }
}

extension String {
    /// Throws ``SwiftCLError/embeddedNUL(what:byteOffset:)`` when the text holds a NUL byte: OpenCL takes it
    /// as a C string and would silently drop everything after the NUL.
    func refusingNUL(_ what: @autoclosure () -> String) throws {
        guard let offset = utf8.firstIndex(of: 0) else { return }
        throw SwiftCLError.embeddedNUL(what: what(), byteOffset: utf8.distance(from: utf8.startIndex, to: offset))
    }
}
