import Foundation

/// Reads `.ips` crash reports (research §6.2): a one-line JSON metadata object, then the body,
/// which is pretty-printed JSON (`bug_type` 309 and others) or a legacy text report (109).
enum CrashReportParser {
    /// How many frames of the crashed thread a report keeps.
    private static let frameLimit = 5
    /// The largest JSON body decoded: decoding takes many times its size in memory, and Apple's
    /// crash reports are well below this (a few hundred KiB).
    static let maximumJSONBodyBytes = 1 << 20
    /// The longest metadata line decoded (Apple's hold a few hundred bytes).
    static let maximumMetadataBytes = 64 << 10
    /// How much of a legacy (text) report is read: its header and the crashed thread's frames come
    /// before this in Apple's reports, which hold a few hundred KiB at most.
    static let maximumLegacyBytes = 1 << 20
    /// The longest line of a legacy report read whole (a header field's value is short).
    static let maximumLegacyLineLength = 4 << 10
    /// The most lines a termination's explanation takes after its reason and description.
    private static let maximumExplanationLines = 16

    /// Reads a whole `.ips` file's bytes: JSON metadata line + JSON body (bug_type 309 and others
    /// with a JSON body), or metadata line + legacy text body (bug_type 109), or a legacy text
    /// report without the metadata line.
    ///
    /// A metadata line whose body is missing or cut mid-JSON gives the metadata fields, and the
    /// body's members before the cut, with ``CrashReport/isTruncated`` set. Blank lines before the metadata, a byte-order mark, CRLF
    /// line ends and the Markdown of a report pasted into a bug report (a code fence or a backtick
    /// around it, or `> ` before each line) are accepted.
    ///
    /// Each text field is cut to its bound (``CrashReport/cutToBounds()``), as a log line's
    /// captures are.
    ///
    /// - Returns: the report, or `nil` when the bytes are not a crash report at all.
    static func parse(_ bytes: [UInt8]) -> CrashReport? {
        guard var report = read(bytes) else { return nil }
        report.cutToBounds()
        return report
    }

    private static func read(_ bytes: [UInt8]) -> CrashReport? {
        if let unquoted = bytes.withUnsafeBufferPointer(QuotedReport.unquoted) { return readUnquoted(unquoted) }
        return readUnquoted(bytes)
    }

    private static func readUnquoted(_ bytes: [UInt8]) -> CrashReport? {
        let unmarked = skippingBlanks(bytes[...])
        let content = unmarked.dropFirst(unmarked.withUnsafeBufferPointer { $0.skippingBlankLinesAndMarkdownLead(from: 0) })
        let lineEnd = content.firstIndex(of: UInt8(ascii: "\n")) ?? content.endIndex
        guard lineEnd - content.startIndex <= maximumMetadataBytes,
            let metadata = CrashReportJSON.decode(CrashReportJSON.Metadata.self, from: throughFirstObject(content[..<lineEnd])),
            metadata.bugType != nil
        else {
            let lines = textLines(content)
            guard let header = lines.firstIndex(where: isLegacyHeader) else { return nil }
            var report = CrashReport()
            let firstLine = line(of: content.startIndex, in: bytes)
            report.tellingLine = firstLine + header
            readLegacy(lines, firstLine: firstLine, into: &report)
            return report
        }
        var report = CrashReport()
        report.tellingLine = line(of: content.startIndex, in: bytes)
        readMetadata(metadata, into: &report)
        let body = skippingBlanks(content[lineEnd...])
        if body.isEmpty {
            report.isTruncated = true
        } else if body.first == UInt8(ascii: "{") {
            let closed = JSONBrackets.lengthOfFirstValue(in: body) != nil
            let body = throughFirstObject(body)
            if body.count > maximumJSONBodyBytes {
                report.isBodyTooLarge = true
            } else if let object = CrashReportJSON.decode(CrashReportJSON.Body.self, from: body) {
                readBody(object, into: &report)
            } else if closed {
                // Whole, but no JSON that can be read (a number JSON has not, nesting too deep).
                report.isBodyUndecodable = true
            } else {
                // Cut short (a paste that stops mid-report): the members read whole still tell
                // the process, its pid and what came before the cut.
                report.isTruncated = true
                if let members = JSONBrackets.wholeMembersOfCutObject(body),
                    let object = CrashReportJSON.decode(CrashReportJSON.Body.self, from: members[...])
                {
                    readBody(object, into: &report)
                }
            }
        } else {
            readLegacy(textLines(body), firstLine: line(of: body.startIndex, in: bytes), into: &report)
        }
        return report
    }

    // MARK: - JSON

    private static func readMetadata(_ metadata: CrashReportJSON.Metadata, into report: inout CrashReport) {
        report.bugType = metadata.bugType
        report.bundleID = metadata.bundleID
        report.process = metadata.name ?? metadata.appName
        report.osVersion = metadata.osVersion
        report.timestamp = metadata.timestamp
    }

    private static func readBody(_ body: CrashReportJSON.Body, into report: inout CrashReport) {
        report.process = body.procName ?? report.process
        report.pid = body.pid.flatMap { Int($0) } ?? report.pid
        report.bundleID = body.bundleInfo?.identifier ?? report.bundleID
        report.timestamp = body.captureTime ?? report.timestamp
        if let exception = body.exception {
            report.exceptionType = exception.type
            report.signal = exception.signal
            report.exceptionCodes = exception.codes
        }
        if let termination = body.termination {
            report.terminationNamespace = termination.namespace
            report.terminationCode = termination.code.flatMap(code)
            let reasons = termination.reasons?.compactMap(\.wrappedValue) ?? []
            report.terminationExplanation = reasons.isEmpty ? termination.indicator : reasons.joined(separator: "; ")
        }
        report.crashedThreadFrames = crashedFrames(body)
        if let backtrace = body.lastExceptionBacktrace {
            report.hasExceptionBacktrace = true
            report.exceptionBacktraceFrames = topFrames(backtrace, images: body.usedImages)
        }
    }

    /// The top frames of the `faultingThread`, else of the thread marked `"triggered": true`.
    private static func crashedFrames(_ body: CrashReportJSON.Body) -> [String] {
        let threads = body.threads?.map(\.wrappedValue) ?? []
        let faulting = body.faultingThread.flatMap { Int($0) }.flatMap { threads.indices.contains($0) ? $0 : nil }
        guard let index = faulting ?? threads.firstIndex(where: { $0?.triggered == true }), let frames = threads[index]?.frames
        else { return [] }
        return topFrames(frames, images: body.usedImages)
    }

    /// The first ``frameLimit`` of `frames`, each as `"0 libsystem_kernel.dylib __pthread_kill + 8"`.
    private static func topFrames(
        _ frames: [CrashReportJSON.Lenient<CrashReportJSON.Frame>], images: [CrashReportJSON.Lenient<CrashReportJSON.Image>]?
    ) -> [String] {
        let images = images?.map(\.wrappedValue) ?? []
        return frames.prefix(frameLimit).map(\.wrappedValue).enumerated().map { number, frame in
            let image = frame?.imageIndex.flatMap { Int($0) }.flatMap { images.indices.contains($0) ? images[$0] : nil }
            let name = image?.name ?? "???"
            guard let symbol = frame?.symbol else {
                return "\(number) \(name) \(frame?.imageOffset ?? "???")"
            }
            guard let location = frame?.symbolLocation else { return "\(number) \(name) \(symbol)" }
            return "\(number) \(name) \(symbol) + \(location)"
        }
    }

    /// A termination code: decimal in JSON (`2343432205`), hex in legacy text (`0x8badf00d`).
    private static func code(_ digits: String) -> UInt64? {
        let lower = digits.lowercased()
        return lower.hasPrefix("0x") ? UInt64(lower.dropFirst(2), radix: 16) : UInt64(lower)
    }

    // MARK: - Legacy text

    /// Lines that only a crash report starts with (the sniffer's `Incident Identifier:` among them).
    private static func isLegacyHeader(_ line: String) -> Bool {
        ["Incident Identifier:", "Exception Type:", "Termination Reason:"].contains { line.hasPrefix($0) }
    }

    /// Reads the `Key:  value` header lines and the frames under `Thread <n> Crashed:`.
    ///
    /// The termination explanation is the text after the code, the `Termination Description:`
    /// value and the lines that follow them (`<RBSTerminateContext| …`, `ProcessVisibility: …`),
    /// up to a blank line or `Triggered by Thread:`. `firstLine` is the line of the file the first
    /// of `lines` is.
    private static func readLegacy(_ lines: [String], firstLine: Int, into report: inout CrashReport) {
        var toldTheEnd = false
        var explanation: [String] = []
        var inTermination = false
        var inCrashedThread = false
        var inExceptionBacktrace = false
        for (index, line) in lines.enumerated() {
            if !toldTheEnd, ["Exception Type:", "Termination Reason:", "Termination Description:"].contains(where: line.hasPrefix) {
                report.tellingLine = firstLine + index
                toldTheEnd = true
            }
            if inCrashedThread || inExceptionBacktrace, let frame = legacyFrame(line) {
                if inCrashedThread, report.crashedThreadFrames.count < frameLimit { report.crashedThreadFrames.append(frame) }
                if inExceptionBacktrace, report.exceptionBacktraceFrames.count < frameLimit {
                    report.exceptionBacktraceFrames.append(frame)
                }
                continue
            }
            inCrashedThread = false
            inExceptionBacktrace = false
            guard !line.isEmpty else {
                inTermination = false
                continue
            }
            if report.expiredAssertion == nil, line.contains(BackgroundTaskExpiredRule.description.patterns[0].literal) {
                report.expiredAssertion = line
            }
            let colon = line.firstIndex(of: ":") ?? line.endIndex
            let key = line[..<colon]
            let value = colon < line.endIndex ? trimmed(line[line.index(after: colon)...]) : ""
            switch key {
            case "Process": readProcess(value, into: &report)
            case "Identifier": report.bundleID = value
            case "OS Version": report.osVersion = value
            case "Date/Time": report.timestamp = value
            case "Exception Type": readExceptionType(value, into: &report)
            case "Exception Codes": report.exceptionCodes = value
            case "Exception Reason": report.exceptionReason = value
            case "Event": report.event = value
            case "Termination Reason":
                explanation = [readTerminationReason(value, into: &report)]
                inTermination = true
            case "Termination Description":
                // Before iOS 14 a report may have no `Termination Reason:`; the description starts
                // with the namespace then (`DYLD, Library not loaded: …`).
                if report.terminationNamespace == nil, let comma = value.firstIndex(of: ","),
                    !value[..<comma].isEmpty, value[..<comma].allSatisfy({ $0.isUppercase || $0 == "_" })
                {
                    report.terminationNamespace = String(value[..<comma])
                }
                // The namespace alone (`SPRINGBOARD, `, a paste cut after it) explains nothing.
                if let namespace = report.terminationNamespace, value == namespace + "," || value == namespace {
                    inTermination = true
                    continue
                }
                explanation.append(value)
                inTermination = true
            case "Triggered by Thread", "Highlighted by Thread":
                inTermination = false
            case "Last Exception Backtrace":
                report.hasExceptionBacktrace = true
                inExceptionBacktrace = true
                inTermination = false
            default:
                if key.hasPrefix("Thread "), key.hasSuffix(" Crashed") {
                    inCrashedThread = true
                    inTermination = false
                } else if inTermination || (report.terminationNamespace == "DYLD" && Self.isDyldDetail(key)),
                    explanation.count < maximumExplanationLines
                {
                    explanation.append(line)
                }
            }
        }
        let joined = explanation.filter { !$0.isEmpty }.joined(separator: "; ")
        report.terminationExplanation = joined.isEmpty ? report.terminationExplanation : joined
    }

    /// The keys of dyld's lines: its rules' literals without their `": "`, and `Referenced from`.
    private static let dyldDetailKeys: Set<String> =
        Set([LibraryNotLoadedRule.description, SymbolNotFoundRule.description].map { String($0.patterns[0].literal.dropLast(2)) })
        .union(["Referenced from"])

    /// dyld's lines on what it could not load, which a paste may set apart from the termination by
    /// blank lines (flutter/flutter#163197).
    private static func isDyldDetail(_ key: Substring) -> Bool {
        dyldDetailKeys.contains(String(key.drop { $0 == " " || $0 == "\t" }))
    }

    /// `Name [692]`.
    private static func readProcess(_ value: String, into report: inout CrashReport) {
        guard let open = value.lastIndex(of: "["), let close = value[open...].firstIndex(of: "]") else {
            report.process = value
            return
        }
        report.process = trimmed(value[..<open])
        report.pid = Int(value[value.index(after: open)..<close])
    }

    /// `EXC_CRASH (SIGABRT)`.
    private static func readExceptionType(_ value: String, into report: inout CrashReport) {
        guard let open = value.firstIndex(of: "("), let close = value[open...].firstIndex(of: ")") else {
            report.exceptionType = value
            return
        }
        report.exceptionType = trimmed(value[..<open])
        report.signal = trimmed(value[value.index(after: open)..<close])
    }

    /// `Namespace FRONTBOARD, Code 0x8badf00d`, `FRONTBOARD 2343432205` (Console's translation) or
    /// `Namespace SIGNAL, Code 6 Abort trap: 6`; returns the text after the code.
    private static func readTerminationReason(_ value: String, into report: inout CrashReport) -> String {
        var words = value.split(whereSeparator: \.isWhitespace)[...]
        if words.first == "Namespace" { words = words.dropFirst() }
        report.terminationNamespace = words.popFirst().map { String($0.filter { $0 != "," }) }
        if words.first == "Code" { words = words.dropFirst() }
        // iOS 17 on: `Namespace FRONTBOARD, Code 2343432205, ` (a comma after the code too).
        report.terminationCode = words.popFirst().flatMap { code(String($0.filter { $0 != "," })) }
        return words.joined(separator: " ")
    }

    /// `0   libsystem_kernel.dylib        \t0x00000001d0d8e1b0 __pthread_kill + 8` →
    /// `0 libsystem_kernel.dylib __pthread_kill + 8`; `nil` when the line is not a frame.
    private static func legacyFrame(_ line: String) -> String? {
        let words = line.split(whereSeparator: \.isWhitespace)
        guard words.count >= 3, let number = Int(words[0]),
            let address = words.indices.dropFirst(2).first(where: { words[$0].hasPrefix("0x") })
        else { return nil }
        let image = words[1..<address].joined(separator: " ")
        let location = words[(address + 1)...].joined(separator: " ")
        return "\(number) \(image) \(location.isEmpty ? String(words[address]) : location)"
    }

    /// The first ``maximumLegacyBytes`` of the bytes as text lines (LF, CRLF or CR), each cut to
    /// ``maximumLegacyLineLength`` characters and trimmed of blanks.
    private static func textLines(_ bytes: ArraySlice<UInt8>) -> [String] {
        String(decoding: bytes.prefix(maximumLegacyBytes), as: UTF8.self)
            .split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .map { trimmed($0.prefix(maximumLegacyLineLength)) }
    }

    private static func trimmed(_ text: Substring) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The line (1-based) of `bytes` that `index` is on.
    private static func line(of index: Int, in bytes: [UInt8]) -> Int {
        bytes[..<index].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }

    /// `json` through the end of the object it starts with: what follows (a paste's closing
    /// backtick or fence, a bug report's text) is not part of it. All of it when it is not closed.
    private static func throughFirstObject(_ json: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        JSONBrackets.lengthOfFirstValue(in: json).map { json.prefix($0) } ?? json
    }

    /// `bytes` without a leading byte-order mark and blank lines.
    private static func skippingBlanks(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let content = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes
        return content.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
}
