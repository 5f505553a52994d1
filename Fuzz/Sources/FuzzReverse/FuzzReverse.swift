import FuzzChecks

/// libFuzzer's entry point: checks the invariants of FuzzChecks.checkReverse on one input; a violation crashes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let violation = FuzzChecks.checkReverse(bytes) {
        fatalError(violation)
    }
    return 0
}
