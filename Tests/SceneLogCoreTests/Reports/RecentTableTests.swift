import Testing

@testable import SceneLogCore

@Suite("recent table")
struct RecentTableTests {
    @Test("keeps the latest keys only; updating a key does not make it new")
    func evictsTheOldest() {
        var table = RecentTable<Int, String>(capacity: 3)
        for key in 1...3 { table[key] = "\(key)" }
        table[1] = "one"
        table[4] = "4"
        #expect(table.count == 3)
        #expect(table[1] == nil, "1 was added first, so it goes first")
        #expect(table[2] == "2" && table[3] == "3" && table[4] == "4")
        for key in 5...100 { table[key] = "\(key)" }
        #expect(table.count == 3 && table[98] != nil && table[100] != nil && table[97] == nil)
    }
}
