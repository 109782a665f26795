// TEMPORARY: stands in for the helpers' files until they are merged.
enum DebuggerLine: Equatable {
    case processStopped(pid: Int), processResuming(pid: Int), processExited(pid: Int, status: Int), stopReason(String), killed, terminatedBySignal(Int), other
    static func parse(_ line: UnsafeBufferPointer<UInt8>) -> DebuggerLine? { nil }
}
