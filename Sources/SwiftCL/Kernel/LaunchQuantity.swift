/// An integer in a kernel's launch requirement (`input.count >= global.x`), with arithmetic that cannot trap:
/// a result past `Int`'s range, or a division by zero or below, becomes *unknown*, and a comparison involving an
/// unknown quantity is false, so a requirement that cannot be evaluated refuses the launch instead of passing it.
/// Generated typed kernels build these from their arguments and range (see ``LaunchRequirement``).
public struct LaunchQuantity: Sendable, Hashable, CustomStringConvertible {
    /// The value, or nil when it is unknown (an overflow, a division by zero, a macro without an integer value).
    public let value: Int?

    public init(_ value: Int?) { self.value = value }

    /// Any integer (an argument of a typed kernel); unknown when it does not fit `Int`.
    public init(exactly value: some BinaryInteger) { self.value = Int(exactly: value) }

    /// One past the last global id in `dimension` (offset + global size); 1 for a dimension the range lacks.
    public static func globalEnd(of range: NDRange, _ dimension: Int) -> LaunchQuantity {
        guard (0..<3).contains(dimension) else { return LaunchQuantity(nil) }
        let (end, overflow) = range.offsetSize[dimension].addingReportingOverflow(range.globalSize[dimension])
        return LaunchQuantity(overflow ? nil : end)
    }

    /// The global offset in `dimension`; 0 for a dimension the range lacks.
    public static func offset(of range: NDRange, _ dimension: Int) -> LaunchQuantity {
        guard (0..<3).contains(dimension) else { return LaunchQuantity(nil) }
        return LaunchQuantity(range.offsetSize[dimension])
    }

    public var description: String { value.map(String.init) ?? "unknown" }

    private static func combine(_ lhs: LaunchQuantity, _ rhs: LaunchQuantity,
                                _ operation: (Int, Int) -> (partialValue: Int, overflow: Bool)) -> LaunchQuantity {
        guard let a = lhs.value, let b = rhs.value else { return LaunchQuantity(nil) }
        let (result, overflow) = operation(a, b)
        return LaunchQuantity(overflow ? nil : result)
    }

    public static func + (lhs: LaunchQuantity, rhs: LaunchQuantity) -> LaunchQuantity { combine(lhs, rhs) { $0.addingReportingOverflow($1) } }
    public static func - (lhs: LaunchQuantity, rhs: LaunchQuantity) -> LaunchQuantity { combine(lhs, rhs) { $0.subtractingReportingOverflow($1) } }
    public static func * (lhs: LaunchQuantity, rhs: LaunchQuantity) -> LaunchQuantity { combine(lhs, rhs) { $0.multipliedReportingOverflow(by: $1) } }
    /// Integer division rounding toward zero, as OpenCL C divides; unknown for a divisor of 0 or below.
    public static func / (lhs: LaunchQuantity, rhs: LaunchQuantity) -> LaunchQuantity {
        guard let b = rhs.value, b > 0 else { return LaunchQuantity(nil) }
        return combine(lhs, LaunchQuantity(b)) { $0.dividedReportingOverflow(by: $1) }
    }

    private static func compare(_ lhs: LaunchQuantity, _ rhs: LaunchQuantity, _ test: (Int, Int) -> Bool) -> Bool {
        guard let a = lhs.value, let b = rhs.value else { return false }
        return test(a, b)
    }

    public static func >= (lhs: LaunchQuantity, rhs: LaunchQuantity) -> Bool { compare(lhs, rhs, >=) }
    public static func <= (lhs: LaunchQuantity, rhs: LaunchQuantity) -> Bool { compare(lhs, rhs, <=) }
    public static func > (lhs: LaunchQuantity, rhs: LaunchQuantity) -> Bool { compare(lhs, rhs, >) }
    public static func < (lhs: LaunchQuantity, rhs: LaunchQuantity) -> Bool { compare(lhs, rhs, <) }
    /// Equality of two known values (two unknown quantities are not equal).
    public static func == (lhs: LaunchQuantity, rhs: LaunchQuantity) -> Bool { compare(lhs, rhs, ==) }
}

extension LaunchQuantity {
    /// The integer value of macro `name` in a program's build options (the last `-D name=value`; `-D name` alone is
    /// 1, as in C), else `fileDefault` (the source's own `#define`); unknown when the value is not an integer.
    public static func macro(_ name: String, in options: BuildOptions, fileDefault: Int) -> LaunchQuantity {
        guard let definition = options.definitions.last(where: { $0.name == name }) else { return LaunchQuantity(fileDefault) }
        guard let value = definition.value else { return LaunchQuantity(1) }
        return LaunchQuantity(Int(value))
    }
}
