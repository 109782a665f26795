import Testing

@testable import SceneLogCore

/// A watch of many devices makes room for their open files before it starts any, or says it
/// cannot: running out part-way left idevicesyslog processes without a reader and ended in a trap.
struct DescriptorBudgetTests {
    @Test("a soft limit that is enough is kept; a low one is raised to what the devices need")
    func raisesTheSoftLimit() throws {
        #expect(try DescriptorBudget.softLimit(for: 2, .devices, soft: 1_024, hard: 1_048_576) == nil)
        let needed = 300 * DescriptorBudget.perDevice + DescriptorBudget.shared
        #expect(try DescriptorBudget.softLimit(for: 300, .devices, soft: 1_024, hard: 1_048_576) == needed)
        #expect(try DescriptorBudget.softLimit(for: 300, .devices, soft: 256, hard: needed) == needed)
    }

    @Test("a hard limit too low for the devices is an error that says how many files they need")
    func refusesPastTheHardLimit() {
        #expect(throws: WatchError.self) { try DescriptorBudget.softLimit(for: 300, .devices, soft: 256, hard: 256) }
        do {
            _ = try DescriptorBudget.softLimit(for: 300, .devices, soft: 256, hard: 256)
        } catch {
            #expect(error.description == "cannot watch 300 devices at once: they need about 2416 open files and this process may open 256 (ulimit -Hn); raise the limit or name fewer devices with --udid")
        }
    }

    @Test("followed files get the same: two descriptors each, or an error saying how many they need")
    func followedFiles() throws {
        #expect(try DescriptorBudget.softLimit(for: 300, .followedFiles, soft: 64, hard: 4_096) == 300 * 2 + DescriptorBudget.shared)
        do {
            _ = try DescriptorBudget.softLimit(for: 300, .followedFiles, soft: 64, hard: 256)
            Issue.record("a hard limit too low was taken")
        } catch {
            #expect(error.description == "cannot follow 300 files at once: they need about 616 open files and this process may open 256 (ulimit -Hn); raise the limit or follow fewer files")
        }
    }
}
