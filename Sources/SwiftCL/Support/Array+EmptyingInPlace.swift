extension Array {
    /// Removes every element and keeps the storage, like `removeAll(keepingCapacity: true)`, which goes through the
    /// generic `replaceSubrange` (200–300 instructions even for two elements; the launch path empties its lists at
    /// every launch and `finish()`). Popping the few elements those lists hold costs a fraction of that.
    mutating func emptyInPlace() {
        while !isEmpty { removeLast() }
    }
}
