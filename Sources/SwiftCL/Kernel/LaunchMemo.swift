/// What the launch path remembers, in one place: the rules that let a repeated launch skip work, and the state they
/// keep. A launch (``ComputeEncoder/launch(_:_:arguments:)``) goes through three memos, outermost first:
///
/// 1. **Kernels per program** (`BuiltProgram.sharedKernel(named:)`, under the context's program cache): a typed
///    kernel asks its context's cached program for a shared kernel object, so generated code and `program.kernel(named:)`
///    reach the same `KernelCore` and its launch lock; nothing is compiled or created twice.
/// 2. **A kernel's last checked launch, across closures** (`KernelCore.rememberedCheck`, a ``CheckedLaunchKey`` under the
///    kernel's lock): the device, range and, per argument, what the checks read — a memory object's identity *and serial
///    number* (a new object at a freed one's address is not the same), element type, by-value sizes, local sizes. It
///    keeps nothing alive. A launch with an equal key skips the checks; integers are still converted (their conversion
///    depends on the value) and the encoder still refuses a mapped object.
/// 3. **This encoder's last checked launch, within one closure** (``LaunchMemo``, below): from the *second* launch of the
///    same kernel object in a row (so a single launch pays nothing), the launch as given and as bound. A launch with
///    the same kernel object, range and arguments binding alike (``KernelArgumentValue/bindsLike(_:)``: the same
///    objects, the same scalar bytes) while nothing is mapped binds what was checked and enqueues; when its kernel and
///    objects are already the last ones kept alive, it keeps nothing new either.
///
/// Invariants the encoder keeps:
/// - ``checked`` is only ever a launch that passed every check with this encoder, and is used only while nothing is
///   mapped (a map is the one state a check reads that the key does not hold).
/// - ``retained`` is the range of the encoder's in-flight list holding exactly the kernel and objects of the last
///   launch that kept any, kernel first; it is cleared whenever that list is emptied (``forgetRetained()``), and
///   ``retainedChecked`` names the remembered launch those objects belong to (nil when they are of an unremembered one).
/// - ``scratch`` is empty between launches (a list whose storage a batch reuses, moved in and out so it is uniquely
///   referenced while it grows).
struct LaunchMemo {
    /// A launch that passed every check: its kernel, range, arguments as given and as bound, and local size. A class,
    /// so comparing a launch against it copies one reference rather than its lists.
    final class CheckedLaunch {
        let kernel: Kernel
        let range: NDRange
        let given: [KernelArgumentValue]
        let bound: [KernelArgumentValue]
        let local: SIMD3<Int>?

        init(kernel: Kernel, range: NDRange, given: [KernelArgumentValue], bound: [KernelArgumentValue], local: SIMD3<Int>?) {
            self.kernel = kernel
            self.range = range
            self.given = given
            self.bound = bound
            self.local = local
        }
    }

    /// The encoder's last checked launch, remembered from the second launch of a kernel object in a row.
    private(set) var checked: CheckedLaunch?
    /// The remembered launch whose kernel and objects sit at ``retained``.
    private(set) var retainedChecked: CheckedLaunch?
    /// Where the last launch's kept objects sit in the encoder's in-flight list (its kernel, then its objects).
    private(set) var retained: Range<Int>?
    /// The kernel object of the encoder's previous checked launch.
    private(set) var previousKernel: ObjectIdentifier?
    /// A launch's resolved arguments, reused from launch to launch (empty between launches).
    var scratch: [KernelArgumentValue] = []

    init(scratch: [KernelArgumentValue] = []) {
        self.scratch = scratch
    }

    /// The remembered launch that `kernel` over `range` with `arguments` repeats, or nil (also whenever something is
    /// mapped).
    func repeated(_ kernel: Kernel, _ range: NDRange, _ arguments: [any KernelArgument], nothingMapped: Bool) -> CheckedLaunch? {
        guard nothingMapped, let checked, checked.kernel === kernel, checked.range == range else { return nil }
        // Through a buffer pointer, so each checked value is compared in place rather than copied out of the array;
        // by index, so no existential is copied (a retain and a release) before it is opened.
        let bindsLike = checked.given.withUnsafeBufferPointer { given in
            for index in arguments.indices where !arguments[index].kernelArgument.bindsLike(given[index]) { return false }
            return true
        }
        return bindsLike ? checked : nil
    }

    /// A repeat of `checked` was enqueued: keeps its kernel and objects alive in `inFlight` unless they are the last
    /// ones kept.
    mutating func retainRepeat(of checked: CheckedLaunch, in inFlight: inout [AnyObject]) {
        guard retainedChecked !== checked || retained == nil else { return }
        retain(checked.kernel, checked.bound, in: &inFlight)
        retainedChecked = checked
    }

    /// A fully checked launch of `kernel` was enqueued with `bound` (`given` as the caller passed them): keeps what it
    /// uses alive, and remembers it when the previous checked launch was of the same kernel object (a batch).
    mutating func checkedLaunch(_ kernel: Kernel, _ range: NDRange, given: [any KernelArgument], bound: [KernelArgumentValue],
                                local: SIMD3<Int>?, in inFlight: inout [AnyObject]) {
        retain(kernel, bound, in: &inFlight)
        retainedChecked = nil
        if previousKernel == ObjectIdentifier(kernel) {
            let launch = CheckedLaunch(kernel: kernel, range: range, given: given.map(\.kernelArgument), bound: bound, local: local)
            checked = launch
            retainedChecked = launch
        }
        previousKernel = ObjectIdentifier(kernel)
    }

    /// The encoder's in-flight list was emptied (a finish, the end of the closure) or lent to C code: the next launch
    /// keeps its objects anew.
    mutating func forgetRetained() {
        retained = nil
    }

    /// Keeps the kernel and the objects among `values` alive in `inFlight`; a launch of the same kernel object with the
    /// same objects as the previous one (a batch) adds nothing and, in the common case, allocates nothing either.
    private mutating func retain(_ kernel: Kernel, _ values: [KernelArgumentValue], in inFlight: inout [AnyObject]) {
        if matchesRetained(kernel, values, in: inFlight) { return }
        if inFlight.capacity == 0 { inFlight.reserveCapacity(8) }
        let start = inFlight.count
        inFlight.append(kernel)
        for index in values.indices {
            if let object = KernelArgumentValue.retainedObject(at: index, in: values) { inFlight.append(object) }
        }
        retained = start..<inFlight.count
    }

    /// Whether the kernel object and the objects among `values` are exactly what the last launch kept.
    private func matchesRetained(_ kernel: Kernel, _ values: [KernelArgumentValue], in inFlight: [AnyObject]) -> Bool {
        guard let last = retained, inFlight[last.lowerBound] === kernel else { return false }
        var index = last.lowerBound + 1
        for position in values.indices {
            guard let object = KernelArgumentValue.retainedObject(at: position, in: values) else { continue }
            guard index < last.upperBound, inFlight[index] === object else { return false }
            index += 1
        }
        return index == last.upperBound
    }
}
