import Testing
@testable import IngredientLexicon
@testable import IngredientLists

/// The table of a list's keys (`KeyRecordTable`): numbers in the order keys come, records in
/// the order they are added, keys rolled back to no records read as absent, and each key's
/// protein looked up once.
@Suite struct KeyRecordTableTests {
    @Test func keysAreNumberedAsTheyComeAndKeepTheirRecordsInOrder() {
        var table = KeyRecordTable()
        table.reserveCapacity(4)
        #expect(table.isEmpty)
        #expect(table.append(0, forKey: "onion") == 0)
        #expect(table.append(1, forKey: "red onion") == 1)
        #expect(table.append(2, forKey: "onion") == 0)
        #expect(table.append(3, forKey: "?florp zibble") == 2)
        #expect(table.count == 3)
        #expect(table.keys == ["onion", "red onion", "?florp zibble"])
        #expect(table["onion"] == [0, 2])
        #expect(table["red onion"] == [1])
        #expect(table["garlic"] == nil)
        #expect(table.number(of: "red onion") == 1)
        #expect(table.number(of: "onio") == nil)
        // Many keys: the index grows past its first capacity and still finds each one.
        for i in 0..<1_000 { table.append(UInt32(10 + i), forKey: "key \(i)") }
        for i in stride(from: 0, to: 1_000, by: 97) { #expect(table["key \(i)"] == [UInt32(10 + i)]) }
        #expect(table["onion"] == [0, 2])
    }

    @Test func aKeyWithoutRecordsReadsAsAbsentAndKeepsItsNumber() {
        var table = KeyRecordTable()
        table.append(0, forKey: "salt")
        table.append(1, forKey: "pepper")
        table.setRecords([], at: 1)
        #expect(table["pepper"] == nil)
        #expect(table.number(of: "pepper") == 1)
        #expect(table.append(2, forKey: "pepper") == 1)
        #expect(table["pepper"] == [2])
    }

    @Test func aKeysProteinIsTheTablesAndIsKept() {
        var table = KeyRecordTable()
        let tables = ListTables.builtIn
        let chicken = table.append(0, forKey: "chicken thigh")
        let rice = table.append(1, forKey: "rice")
        #expect(table.protein(at: chicken, in: tables) == tables.protein(forKey: "chicken thigh"))
        #expect(table.protein(at: chicken, in: tables) == .chicken)
        #expect(table.protein(at: rice, in: tables) == tables.protein(forKey: "rice"))
    }
}
