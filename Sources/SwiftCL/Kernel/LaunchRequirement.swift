/// One requirement a kernel declares between its launch range and its arguments, checked before the launch by the
/// kernel's generated Swift (declare it in the `.cl` file with a `// @requires` comment line directly above the
/// kernel, e.g. `// @requires input.count >= global.x`; the DocC article "Typed kernels" has the grammar).
public enum LaunchRequirement {
    /// Throws ``SwiftCLError/launchRequirement(_:)`` unless `holds`; `terms` (evaluated only on failure) names the
    /// value of every quantity the requirement mentions.
    /// - Throws: ``SwiftCLError/launchRequirement(_:)`` naming the kernel, the requirement, its values and the range.
    public static func check(_ holds: Bool, kernel: String, requirement: String, range: NDRange,
                             terms: @autoclosure () -> [LaunchRequirementViolation.Term]) throws {
        if holds { return }
        throw SwiftCLError.launchRequirement(LaunchRequirementViolation(
            kernel: kernel, requirement: requirement, terms: terms(), global: range.global, offset: range.offset))
    }
}
