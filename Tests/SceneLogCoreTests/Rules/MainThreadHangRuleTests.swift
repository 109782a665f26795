import Testing

@testable import SceneLogCore

/// `main-thread-hang` compares the hang's length with the configured threshold.
@Suite struct MainThreadHangRuleTests {
    static let longHang = "default\t15:36:47.704442+0500\tRunner\tHang detected: 9.30s (debugger attached, not reporting)"
    static let shortHang = "error\t10:41:14.914859+0900\tBobCamAgent\tHang detected: 0.32s (debugger attached, not reporting)"

    private func hangs(in text: String, thresholdSeconds: Double) throws -> [Finding] {
        let configuration = RuleConfiguration(hangThresholdSeconds: thresholdSeconds)
        return try findings(in: text, rules: [MainThreadHangRule()], configuration: configuration).findings
    }

    @Test func aHigherThresholdSilencesAShorterHang() throws {
        #expect(try hangs(in: Self.longHang, thresholdSeconds: 10).isEmpty)
    }

    @Test func aLowerThresholdReportsAShortHang() throws {
        let found = try hangs(in: Self.shortHang, thresholdSeconds: 0.3)
        #expect(found.count == 1)
        #expect(found.first?.data["seconds"] == "0.32")
    }

    @Test(arguments: [9.3, 5])
    func aHangAtOrAboveTheThresholdFires(thresholdSeconds: Double) throws {
        #expect(try hangs(in: Self.longHang, thresholdSeconds: thresholdSeconds).count == 1)
    }
}
