import SceneLogCommandLine

/// The `scenelog-otlp` executable: the commands of `scenelog`, with launches sent over OTLP
/// (swift-otel) when `--otlp-endpoint` or the OpenTelemetry variables name a collector.
@main
enum ScenelogOTLPMain {
    static func main() {
        ScenelogProgram.run(exporting: OTLPExportFactory())
    }
}
