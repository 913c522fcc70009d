/// Where on the stack the caller is: the address of a local of this call (the stack grows down,
/// so a deeper call has a lower address). For tests that compare how deep things run.
@inline(never)
public func stackAddress() -> Int {
    var local = 0
    return withUnsafeMutablePointer(to: &local) { Int(bitPattern: $0) }
}
