import IngredientTagger
extension FeatureExtractor {
    // MARK: - Readable names of features (training only), kept out of the hot loop

    @inline(never)
    static func recordContext(_ recorder: FeatureRecorder, shape: SmallBytes, lexicon: SmallBytes) {
        recorder.note(FeatureKeys.key(.shape, shape), .shape, shape.string)
        if lexicon.count > 0 { recorder.note(FeatureKeys.key(.lexicon, lexicon), .lexicon, lexicon.string) }
    }

    @inline(never)
    static func recordWord(_ recorder: FeatureRecorder, wordKey: UInt64, stem: UnsafeBufferPointer<UInt8>) {
        recorder.note(wordKey, .word, FeatureRecorder.lower(stem))
        if let (s3, s2, p3) = FeatureKeys.affixes(stem) {
            if let s3 { recorder.note(FeatureKeys.key(.suffix3, bytes: s3), .suffix3, FeatureRecorder.lower(s3)) }
            recorder.note(FeatureKeys.key(.suffix2, bytes: s2), .suffix2, FeatureRecorder.lower(s2))
            if let p3 { recorder.note(FeatureKeys.key(.prefix3, bytes: p3), .prefix3, FeatureRecorder.lower(p3)) }
        }
    }

    @inline(never)
    static func recordClusters(_ recorder: FeatureRecorder, _ clusters: WordClusters, _ c: Int) {
        for (k, value) in clusters.values(ofCluster: c).enumerated() { recorder.note(clusters.keys[c][k], .cluster, value) }
    }

    @inline(never)
    static func recordWordPairs(_ recorder: FeatureRecorder, _ tokens: [Token], _ line: UnsafeBufferPointer<UInt8>, _ i: Int,
                                before: UInt64, here: UInt64, after: UInt64) {
        let t = tokens[i]
        let a = pairName(i > 0 ? tokens[i - 1] : nil, line), b = pairName(t, line)
        let c = pairName(i + 1 < tokens.count ? tokens[i + 1] : nil, line)
        recorder.note(FeatureKeys.pairKey(.bigramPrevious, before, here), .bigramPrevious, a + " " + b)
        recorder.note(FeatureKeys.pairKey(.bigramNext, here, after), .bigramNext, b + " " + c)
    }

    @inline(never)
    static func recordLocal(_ recorder: FeatureRecorder, _ tokens: [Token], _ lex: UnsafeBufferPointer<SmallBytes>, _ i: Int, coarse: SmallBytes,
                            seg: SmallBytes, pos: SmallBytes, paren: Int, segmentPosition: Int, shape: SmallBytes) {
        recorder.note(FeatureKeys.key(.last, SmallBytes.one), .last, "1")
        if i > 0 {
            let p = tokens[i - 1]
            let ps = p.kind == .quantity ? SmallBytes.quantity : SmallBytes.single(Self.coarse(p, lex[i - 1]))
            recorder.note(FeatureKeys.key(.previousShape, ps, coarse), .previousShape, ps.string + "|" + coarse.string)
        }
        recorder.note(FeatureKeys.key(.seenQuantity, SmallBytes.one), .seenQuantity, "1")
        recorder.note(FeatureKeys.key(.dashSeparator, SmallBytes.one), .dashSeparator, "1")
        recorder.note(FeatureKeys.key(.seenOr, SmallBytes.one), .seenOr, "1")
        recorder.note(FeatureKeys.key(.commaAhead, SmallBytes.one), .commaAhead, "1")
        recorder.note(FeatureKeys.key(.segmentShape, seg, coarse), .segmentShape, seg.string + "|" + coarse.string)
        recorder.note(FeatureKeys.key(.parenShape, FeatureKeys.digit(paren), coarse), .parenShape, "\(paren)|" + coarse.string)
        recorder.note(FeatureKeys.key(.positionShape, pos, coarse), .positionShape, pos.string + "|" + coarse.string)
        let segPos = FeatureKeys.digit(segmentPosition)
        recorder.note(FeatureKeys.key(.segmentPositionShape, segPos, coarse), .segmentPositionShape, segPos.string + "|" + coarse.string)
        if lex[i].count > 0 { recorder.note(FeatureKeys.key(.lexiconShape, lex[i], shape), .lexiconShape, lex[i].string + "|" + shape.string) }
    }

}
