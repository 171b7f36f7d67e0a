/// A pointer handed to `DispatchQueue.concurrentPerform` workers that each touch a disjoint part of the memory it
/// points to, while the owner keeps the memory alive for the whole call: the package's one `@unchecked Sendable`
/// pointer wrapper (host peers and host references use it; the runtime's C calls never do). The caller promises the
/// disjointness; nothing here checks it.
package struct SendablePointer<Pointer>: @unchecked Sendable {
    package let pointer: Pointer

    package init(_ pointer: Pointer) { self.pointer = pointer }
}
