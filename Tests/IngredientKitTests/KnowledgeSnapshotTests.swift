import IngredientText
import Testing
@testable import IngredientSuggestions

/// `Dictionaries/suggest/knowledge.snapshot`, the WordNet and neighbour tables made ready ahead
/// of time, must be made from the tables compiled in and give the very tables their text gives;
/// a stale one must be passed over and a damaged one refused, never misread.
struct KnowledgeSnapshotTests {
    static let digests = KnowledgeSnapshot.builtInDigests

    /// The bytes of every table (what two knowledge tables are compared by).
    static func tables(_ knowledge: FoodKnowledge) -> [UInt8] { KnowledgeSnapshot.bytes(of: knowledge, digests: digests) }

    @Test func theCompiledSnapshotIsFreshAndGivesTheTextsTables() throws {
        let bytes = try #require(KnowledgeSnapshot.builtInBytes,
                                 "Dictionaries/suggest/knowledge.snapshot is missing: run tools/compile-snapshots")
        let read = try KnowledgeSnapshot.read(bytes, expecting: Self.digests)
        let knowledge = try #require(read, "Dictionaries/suggest/knowledge.snapshot was made from other tables: run tools/compile-snapshots")
        let fromText = FoodKnowledge.builtFromText()
        #expect(Self.tables(knowledge) == Self.tables(fromText))
        #expect(fromText.parents.count > 1000 && fromText.neighbours.count > 1000)
        // The same answers through the look-ups.
        for (a, b) in [("onion", "red onion"), ("eggplant", "aubergine"), ("lemon", "lime"), ("cilantro", "coriander")] {
            let sa = knowledge.synsets(of: a), sb = knowledge.synsets(of: b)
            #expect(sa == fromText.synsets(of: a) && sb == fromText.synsets(of: b))
            #expect(knowledge.relation(sa, sb) == fromText.relation(fromText.synsets(of: a), fromText.synsets(of: b)), "\(a) \(b)")
            let ra = knowledge.vocabularyRow(of: a), rb = knowledge.vocabularyRow(of: b)
            #expect(ra == fromText.vocabularyRow(of: a) && rb == fromText.vocabularyRow(of: b))
            #expect(knowledge.similarity(ra, rb) == fromText.similarity(ra, rb))
        }
    }

    @Test func aSnapshotOfOtherTablesIsPassedOver() throws {
        var other = Self.digests
        other[1].digest &+= 1
        let stale = KnowledgeSnapshot.bytes(of: FoodKnowledge.builtIn, digests: other)
        #expect(try stale.withUnsafeBytes { try KnowledgeSnapshot.read($0, expecting: Self.digests) } == nil)
        #expect(try stale.withUnsafeBytes { try KnowledgeSnapshot.read($0, expecting: other) } != nil)
    }

    @Test func aDamagedSnapshotIsRefusedNotMisread() throws {
        let bytes = Self.tables(FoodKnowledge.builtIn)
        SnapshotDamage.expectRefused(bytes, cutEvery: bytes.count / 40 + 1) { b in
            _ = try b.withUnsafeBytes { try KnowledgeSnapshot.read($0, expecting: Self.digests) }
        }
    }
}
