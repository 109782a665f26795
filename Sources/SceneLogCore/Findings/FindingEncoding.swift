/// A finding as compact bytes (``CompactWriter``), for findings spilled out of memory (``Spool``).
enum FindingEncoding {
    /// Appends `finding` to `bytes`.
    static func encode(_ finding: Finding, into bytes: inout [UInt8]) {
        CompactWriter.byte(severityCode(finding.severity), into: &bytes)
        CompactWriter.string(finding.rule, into: &bytes)
        CompactWriter.string(finding.message, into: &bytes)
        location(finding.location, into: &bytes)
        CompactWriter.optionalString(finding.timestamp, into: &bytes)
        CompactWriter.optionalString(finding.process, into: &bytes)
        CompactWriter.optionalInteger(finding.pid, into: &bytes)
        CompactWriter.optionalString(finding.device, into: &bytes)
        CompactWriter.optionalString(finding.launch, into: &bytes)
        CompactWriter.string(finding.excerpt, into: &bytes)
        CompactWriter.integer(finding.data.count, into: &bytes)
        for (key, value) in finding.data {
            CompactWriter.string(key, into: &bytes)
            CompactWriter.string(value, into: &bytes)
        }
        CompactWriter.integer(finding.evidence.count, into: &bytes)
        for location in finding.evidence { self.location(location, into: &bytes) }
    }

    /// The finding that starts at `position` in `bytes`, `position` moved past it; `nil` when the
    /// bytes end first (which a spool that wrote them never does).
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at position: inout Int) -> Finding? {
        var reader = CompactReader(bytes: bytes, position: position)
        guard let finding = finding(from: &reader) else { return nil }
        position = reader.position
        return finding
    }

    private static func severityCode(_ severity: Severity) -> UInt8 {
        UInt8(Severity.allCases.firstIndex(of: severity) ?? 0)
    }

    private static func location(_ location: SourceLocation, into bytes: inout [UInt8]) {
        CompactWriter.string(location.path, into: &bytes)
        CompactWriter.integer(location.line, into: &bytes)
        CompactWriter.integer(location.byteOffset, into: &bytes)
    }

    private static func location(from reader: inout CompactReader) -> SourceLocation? {
        guard let path = reader.string(), let line = reader.integer(), let byteOffset = reader.integer() else { return nil }
        return SourceLocation(path: path, line: line, byteOffset: byteOffset)
    }

    private static func finding(from reader: inout CompactReader) -> Finding? {
        guard let code = reader.byte(), Int(code) < Severity.allCases.count, let rule = reader.string(),
            let message = reader.string(), let place = location(from: &reader), let timestamp = reader.optionalString(),
            let process = reader.optionalString(), let pid = reader.optionalInteger(), let device = reader.optionalString(),
            let launch = reader.optionalString(), let excerpt = reader.string(), let pairs = reader.itemCount()
        else { return nil }
        var data = [String: String](minimumCapacity: pairs)
        for _ in 0..<pairs {
            guard let key = reader.string(), let value = reader.string() else { return nil }
            data[key] = value
        }
        guard let locations = reader.itemCount() else { return nil }
        var evidence: [SourceLocation] = []
        for _ in 0..<locations {
            guard let location = location(from: &reader) else { return nil }
            evidence.append(location)
        }
        var finding = Finding(
            rule: rule, severity: Severity.allCases[Int(code)], message: message, location: place, timestamp: timestamp,
            process: process, pid: pid, device: device, launch: launch, excerpt: excerpt, data: data)
        finding.evidence = evidence
        return finding
    }
}
