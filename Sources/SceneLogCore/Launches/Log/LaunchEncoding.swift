/// A launch as compact bytes (``CompactWriter``), for launches spilled out of memory (``Spool``).
/// A mark's location names its path only when it is not the launch's own.
enum LaunchEncoding {
    /// What a launch's encoding starts with: enough to name it, its app and its device.
    struct Identity {
        var id: String
        var bundle: String?
        var process: String?
        var pid: Int?
        var device: String?
    }

    /// Appends `launch` to `bytes`.
    static func encode(_ launch: Launch, into bytes: inout [UInt8]) {
        CompactWriter.string(launch.id, into: &bytes)
        CompactWriter.optionalString(launch.bundle, into: &bytes)
        CompactWriter.optionalString(launch.process, into: &bytes)
        CompactWriter.optionalInteger(launch.pid, into: &bytes)
        CompactWriter.optionalString(launch.device, into: &bytes)
        CompactWriter.string(launch.path, into: &bytes)
        CompactWriter.optionalString(launch.intent, into: &bytes)
        CompactWriter.integer(launch.phases.reachedBits, into: &bytes)
        for (_, reached) in launch.phases { mark(reached, of: launch, into: &bytes) }
        CompactWriter.optionalDouble(launch.watchdogBudget, into: &bytes)
        CompactWriter.integer(launch.events.count, into: &bytes)
        for event in launch.events {
            CompactWriter.string(event.name, into: &bytes)
            CompactWriter.optionalString(event.detail, into: &bytes)
            mark(event.mark, of: launch, into: &bytes)
        }
        CompactWriter.optionalString(launch.termination?.kind.rawValue, into: &bytes)
        if let termination = launch.termination { CompactWriter.optionalString(termination.detail, into: &bytes) }
        CompactWriter.integer(launch.findings, into: &bytes)
        CompactWriter.bool(launch.hitLaunchTrap, into: &bytes)
        CompactWriter.string(launch.evidence.rawValue, into: &bytes)
        CompactWriter.bool(launch.startSeen, into: &bytes)
        CompactWriter.bool(launch.appFirstLine != nil, into: &bytes)
        if let first = launch.appFirstLine { mark(first, of: launch, into: &bytes) }
        CompactWriter.integer(launch.callbacks.count, into: &bytes)
        for callback in launch.callbacks {
            CompactWriter.string(callback.step.rawValue, into: &bytes)
            CompactWriter.string(callback.delegate.rawValue, into: &bytes)
            CompactWriter.optionalString(callback.scene, into: &bytes)
            mark(callback.mark, of: launch, into: &bytes)
            CompactWriter.string(callback.text, into: &bytes)
        }
    }

    /// The launch that starts at `position` in `bytes`, `position` moved past it; `nil` when the
    /// bytes end first (which a spool that wrote them never does).
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at position: inout Int) -> Launch? {
        var reader = CompactReader(bytes: bytes, position: position)
        guard let launch = launch(from: &reader) else { return nil }
        position = reader.position
        return launch
    }

    /// The start of the launch at `position` in `bytes` (its id, app and device), read without
    /// the rest of it; `nil` when the bytes end first.
    static func identity(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Identity? {
        var reader = CompactReader(bytes: bytes, position: position)
        return identity(from: &reader)
    }

    private static func identity(from reader: inout CompactReader) -> Identity? {
        guard let id = reader.string(), let bundle = reader.optionalString(), let process = reader.optionalString(),
            let pid = reader.optionalInteger(), let device = reader.optionalString()
        else { return nil }
        return Identity(id: id, bundle: bundle, process: process, pid: pid, device: device)
    }

    private static func mark(_ mark: LaunchMark, of launch: Launch, into bytes: inout [UInt8]) {
        CompactWriter.optionalString(mark.timestamp, into: &bytes)
        CompactWriter.optionalDouble(mark.seconds, into: &bytes)
        CompactWriter.optionalString(mark.location.path == launch.path ? nil : mark.location.path, into: &bytes)
        CompactWriter.integer(mark.location.line, into: &bytes)
        CompactWriter.integer(mark.location.byteOffset, into: &bytes)
        CompactWriter.optionalString(mark.process, into: &bytes)
        CompactWriter.integer(mark.precisionMs, into: &bytes)
    }

    private static func mark(from reader: inout CompactReader, path launchPath: String) -> LaunchMark? {
        guard let timestamp = reader.optionalString(), let seconds = reader.optionalDouble(), let path = reader.optionalString(),
            let line = reader.integer(), let byteOffset = reader.integer(), let process = reader.optionalString(),
            let precision = reader.integer(), seconds.map(Timestamp.isPossible(wallClockSeconds:)) ?? true,
            Timestamp.possiblePrecisions.contains(precision)
        else { return nil }
        return LaunchMark(
            timestamp: timestamp, seconds: seconds, location: SourceLocation(path: path ?? launchPath, line: line, byteOffset: byteOffset),
            process: process, precisionMs: precision)
    }

    private static func launch(from reader: inout CompactReader) -> Launch? {
        guard let identity = identity(from: &reader), let path = reader.string(), let intent = reader.optionalString(),
            let reached = reader.count()
        else { return nil }
        var launch = Launch(id: identity.id, path: path)
        launch.bundle = identity.bundle
        launch.process = identity.process
        launch.pid = identity.pid
        launch.device = identity.device
        launch.intent = intent
        for phase in LaunchPhase.allCases where reached & (1 << phase.index) != 0 {
            guard let mark = mark(from: &reader, path: path) else { return nil }
            launch.phases[phase] = mark
        }
        guard let budget = reader.optionalDouble(), let events = reader.itemCount() else { return nil }
        launch.watchdogBudget = budget
        for _ in 0..<events {
            guard let name = reader.string(), let detail = reader.optionalString(), let mark = mark(from: &reader, path: path) else {
                return nil
            }
            launch.events.append(LaunchEvent(name: name, detail: detail, mark: mark))
        }
        guard let kind = reader.optionalString() else { return nil }
        if let kind {
            guard let kind = Termination.Kind(rawValue: kind), let detail = reader.optionalString() else { return nil }
            launch.termination = Termination(kind: kind, detail: detail)
        }
        guard let findings = reader.integer(), let trap = reader.bool(), let evidence = reader.string().flatMap(LaunchEvidence.init),
            let startSeen = reader.bool(), let hasFirstLine = reader.bool()
        else { return nil }
        launch.findings = findings
        launch.hitLaunchTrap = trap
        launch.evidence = evidence
        launch.startSeen = startSeen
        if hasFirstLine {
            guard let first = mark(from: &reader, path: path) else { return nil }
            launch.appFirstLine = first
        }
        guard let callbacks = reader.itemCount() else { return nil }
        for _ in 0..<callbacks {
            guard let step = reader.string().flatMap(LifecycleStep.init), let delegate = reader.string().flatMap(LifecycleDelegate.init),
                let scene = reader.optionalString(), let mark = mark(from: &reader, path: path), let text = reader.string()
            else { return nil }
            launch.callbacks.append(LaunchCallback(step: step, delegate: delegate, scene: scene, mark: mark, text: text))
        }
        return launch
    }
}
