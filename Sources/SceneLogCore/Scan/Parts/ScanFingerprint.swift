import Crypto

/// SHA-256 digests of what decides a scan's results besides its inputs' bytes: the rules (with
/// the configuration that set them up) and the scan options. Parts of one distributed run must
/// agree on both before `scenelog merge` joins them, and the content cache keys its entries by both.
///
/// Each digest hashes a canonical encoding (sorted sets and maps, every value tagged with its
/// field) together with scenelog's version, so a part or a cache entry of another version never
/// passes for this one's.
enum ScanFingerprint {
    /// The digest of the rules that run, as `ruleSet` compiled them: each rule's id, severity after
    /// overrides, texts, patterns and record filter, and the configuration's thresholds.
    static func rules(_ ruleSet: RuleSet?) -> String {
        var bytes = header("rules")
        guard let ruleSet else { return digest(bytes) }
        CompactWriter.integer(ruleSet.rules.count, into: &bytes)
        for compiled in ruleSet.rules {
            let description = compiled.rule.description
            for text in [description.id, compiled.severity.rawValue, description.title, description.explanation, description.fix] {
                CompactWriter.string(text, into: &bytes)
            }
            strings(description.references, into: &bytes)
            CompactWriter.string(description.messageTemplate, into: &bytes)
            CompactWriter.string(description.launchEffect.rawValue, into: &bytes)
            CompactWriter.integer(description.patterns.count, into: &bytes)
            for pattern in description.patterns {
                CompactWriter.string(pattern.literal, into: &bytes)
                CompactWriter.string(pattern.regex, into: &bytes)
                map(pattern.data, into: &bytes)
            }
            let filter = compiled.rule.recordFilter
            CompactWriter.bool(filter != nil, into: &bytes)
            for value in [filter?.process, filter?.subsystem, filter?.category] { CompactWriter.optionalString(value, into: &bytes) }
        }
        let configuration = ruleSet.configuration
        strings(configuration.disabledRules.sorted(), into: &bytes)
        map(configuration.severityOverrides.mapValues(\.rawValue), into: &bytes)
        CompactWriter.double(configuration.hangThresholdSeconds, into: &bytes)
        CompactWriter.double(configuration.slowLaunchSeconds, into: &bytes)
        return digest(bytes)
    }

    /// The digest of the options that change what a scan of the same inputs reports: the forced
    /// format, the year and reference time of year-less stamps, the app and severity filters, the
    /// file and member selection, the expansion limits, the line length, whether launches are
    /// tracked and links outside the roots followed, and the time, rule, process and device filters.
    static func options(_ options: ScanOptions) -> String {
        var bytes = header("options")
        CompactWriter.optionalString(options.inputFormat?.rawValue, into: &bytes)
        CompactWriter.optionalInteger(options.year, into: &bytes)
        CompactWriter.optionalDouble(options.referenceTime, into: &bytes)
        CompactWriter.optionalString(options.app, into: &bytes)
        CompactWriter.string(options.minimumSeverity.rawValue, into: &bytes)
        strings(options.selection.include, into: &bytes)
        strings(options.selection.exclude, into: &bytes)
        CompactWriter.integer(Int(options.expansionLimits.maximumMemberBytes), into: &bytes)
        CompactWriter.double(options.expansionLimits.maximumRatio, into: &bytes)
        CompactWriter.integer(Int(options.expansionLimits.ratioFloorBytes), into: &bytes)
        CompactWriter.integer(options.maximumLineLength, into: &bytes)
        CompactWriter.bool(options.tracksLaunches, into: &bytes)
        CompactWriter.bool(options.followsLinksOutsideRoots, into: &bytes)
        let filters = options.filters
        for bound in [filters.window.since, filters.window.until] {
            CompactWriter.optionalDouble(bound?.instant, into: &bytes)
            CompactWriter.optionalDouble(bound?.localWallClock, into: &bytes)
        }
        strings(filters.rules.sorted(), into: &bytes)
        CompactWriter.optionalString(filters.process, into: &bytes)
        CompactWriter.optionalString(filters.device, into: &bytes)
        return digest(bytes)
    }

    /// The hexadecimal SHA-256 of `bytes`.
    static func digest(_ bytes: some Sequence<UInt8>) -> String {
        SHA256.hash(data: Array(bytes)).map { hexDigits[Int($0 >> 4)] + hexDigits[Int($0 & 0x0F)] }.joined()
    }

    private static let hexDigits = (0..<16).map { String($0, radix: 16) }

    /// What every digest starts with: its kind, scenelog's version, and the unit encoding's.
    private static func header(_ kind: String) -> [UInt8] {
        var bytes: [UInt8] = []
        CompactWriter.string(kind, into: &bytes)
        CompactWriter.string(SceneLog.version, into: &bytes)
        CompactWriter.integer(UnitResultEncoding.version, into: &bytes)
        return bytes
    }

    private static func strings(_ values: [String], into bytes: inout [UInt8]) {
        CompactWriter.integer(values.count, into: &bytes)
        for value in values { CompactWriter.string(value, into: &bytes) }
    }

    private static func map(_ values: [String: String], into bytes: inout [UInt8]) {
        CompactWriter.integer(values.count, into: &bytes)
        for key in values.keys.sorted() {
            CompactWriter.string(key, into: &bytes)
            CompactWriter.string(values[key, default: ""], into: &bytes)
        }
    }
}
