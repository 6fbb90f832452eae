import Foundation
@testable import IngredientParsing
@testable import IngredientEvaluation

/// Shared helpers for the IngredientKit tests. Repository files are found from this file's
/// location (`Tests/IngredientKitTests/Support.swift` → three levels up is the repo root),
/// so the tests read only the project's own files and need no resources.
enum Repo {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // IngredientKitTests
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent() // repo root

    static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }
}

/// One parser for the whole suite: it is an immutable, Sendable value.
let parser = IngredientParser()

/// Parses raw bytes through `parse(utf8:)`.
func parseBytes(_ bytes: [UInt8]) -> ParsedIngredient {
    bytes.withUnsafeBufferPointer { parser.parse(utf8: $0) }
}

/// The tokenizer's tokens of `text`.
func tokens(_ text: String) -> [Token] {
    var copy = text
    return copy.withUTF8 { Tokenizer.tokenize($0) }
}

/// The bytes a token covers.
func tokenText(_ token: Token, in text: String) -> String {
    let bytes = Array(text.utf8)[token.start..<token.end]
    return String(decoding: bytes, as: UTF8.self)
}

/// Whether two optional quantities agree within `tolerance`.
func approx(_ a: Double?, _ b: Double?, tolerance: Double = 0.0005) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case let (x?, y?): return abs(x - y) <= tolerance
    default: return false
    }
}

/// A tiny deterministic generator for reproducible random input (the trainer's SplitMix64).
typealias SplitMix64 = SplitMix

/// Amounts as comparable (quantity, unit) pairs.
func pairs(_ amounts: [Amount]) -> [Pair] {
    amounts.map { Pair(quantity: $0.quantity, unit: $0.unit) }
}

struct Pair: Equatable, CustomStringConvertible {
    var quantity: Double?
    var unit: String?
    var description: String { "\(quantity.map { "\($0)" } ?? "nil") \(unit ?? "nil")" }
}

/// A fresh temporary directory, removed by the caller.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("IngredientKitTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
