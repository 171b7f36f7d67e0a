/// A launch refused because a kernel's declared requirement does not hold: which kernel, which requirement, the
/// value of each quantity in it (a buffer's element count, an image's width, a scalar argument, the range's end) and
/// the range itself.
public struct LaunchRequirementViolation: Hashable, Sendable, CustomStringConvertible {
    /// One named quantity of the requirement and its value at the refused launch.
    public struct Term: Hashable, Sendable, CustomStringConvertible {
        public let name: String
        public let value: LaunchQuantity

        public init(_ name: String, _ value: LaunchQuantity) {
            self.name = name
            self.value = value
        }

        public var description: String { "\(name) = \(value)" }
    }

    public let kernel: String
    /// The requirement as written in the `.cl` file.
    public let requirement: String
    public let terms: [Term]
    public let global: [Int]
    public let offset: [Int]

    public init(kernel: String, requirement: String, terms: [Term], global: [Int], offset: [Int]) {
        self.kernel = kernel
        self.requirement = requirement
        self.terms = terms
        self.global = global
        self.offset = offset
    }

    public var description: String {
        let values = terms.isEmpty ? "" : " (\(terms.map(\.description).joined(separator: ", ")))"
        let start = offset.allSatisfy { $0 == 0 } ? "" : " from offset \(offset)"
        return "kernel \(kernel) requires \(requirement)\(values); refused the launch over global size \(global)\(start)"
    }
}
