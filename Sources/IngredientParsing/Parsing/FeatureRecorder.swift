import IngredientTagger
/// Collects readable names of features while training, for the model file.
package final class FeatureRecorder: @unchecked Sendable { // used by one training thread only
    package private(set) var names: [UInt64: (Template, String)] = [:]

    /// A recorder with no names yet.
    package init() {}

    package func note(_ key: UInt64, _ template: Template, _ value: String) {
        if names[key] == nil { names[key] = (template, value) }
    }

    static func lower(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
