/// One source of a live watch and the scan its lines go to. When a watch reads several sources,
/// each has a label (a device's UDID, a followed file's path) that its events carry as their
/// device when their lines name none.
public struct LiveFeed {
    let source: LiveSource
    let scan: LiveScan
    /// The name the feed's events carry as their device, when several sources are read.
    let label: String?

    /// A feed of `source`, scanned with `options`, its events handed to `observer` (with `label`
    /// as their device when their lines name none).
    public init(source: LiveSource, label: String?, options: ScanOptions, observer: any ScanObserver) {
        self.source = source
        self.label = label
        let labelled = label.map { LabelledObserver(label: $0, observer: observer) as any ScanObserver } ?? observer
        scan = Scanner(options: options, observer: labelled).live(name: source.name)
    }

    /// The scan's summary and latest launches (``LiveScan/finish()``), the launches labelled.
    func finish() -> ScanResult {
        var result = scan.finish()
        if let label {
            var launches = LaunchLog()
            for launch in result.launches { launches.append(launch.labelled(label)) }
            result.launches = launches
        }
        return result
    }
}

/// The read state of one feed in the live loop.
struct FeedState {
    /// When bytes last arrived (monotonic milliseconds), while they wait to be flushed through.
    var pendingSince: Int64?
    /// A followed file that just gave data is read again at once; it is only waited on when dry.
    var moreMayWait = false
    /// The source ended.
    var ended = false
}
