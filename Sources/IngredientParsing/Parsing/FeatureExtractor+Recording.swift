extension FeatureExtractor {
    // MARK: - Readable names of features (training only), kept out of the hot loop

    @inline(never)
    static func recordContext(_ recorder: FeatureRecorder, shape: SmallBytes, lexicon: SmallBytes) {
        recorder.note(key(.shape, shape), .shape, shape.string)
        if lexicon.count > 0 { recorder.note(key(.lexicon, lexicon), .lexicon, lexicon.string) }
    }

    @inline(never)
    static func recordWord(_ recorder: FeatureRecorder, wordKey: UInt64, stem: UnsafeBufferPointer<UInt8>) {
        recorder.note(wordKey, .word, FeatureRecorder.lower(stem))
        if let (s3, s2, p3) = affixes(stem) {
            if let s3 { recorder.note(key(.suffix3, bytes: s3), .suffix3, FeatureRecorder.lower(s3)) }
            recorder.note(key(.suffix2, bytes: s2), .suffix2, FeatureRecorder.lower(s2))
            if let p3 { recorder.note(key(.prefix3, bytes: p3), .prefix3, FeatureRecorder.lower(p3)) }
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
        recorder.note(pairKey(.bigramPrevious, before, here), .bigramPrevious, a + " " + b)
        recorder.note(pairKey(.bigramNext, here, after), .bigramNext, b + " " + c)
    }

    @inline(never)
    static func recordLocal(_ recorder: FeatureRecorder, _ tokens: [Token], _ lex: [SmallBytes], _ i: Int, coarse: SmallBytes,
                            seg: SmallBytes, pos: SmallBytes, paren: Int, segmentPosition: Int, shape: SmallBytes) {
        recorder.note(key(.last, SmallBytes.one), .last, "1")
        if i > 0 {
            let p = tokens[i - 1]
            let ps = p.kind == .quantity ? SmallBytes.quantity : SmallBytes.single(Self.coarse(p, lex[i - 1]))
            recorder.note(key(.previousShape, ps, coarse), .previousShape, ps.string + "|" + coarse.string)
        }
        recorder.note(key(.seenQuantity, SmallBytes.one), .seenQuantity, "1")
        recorder.note(key(.dashSeparator, SmallBytes.one), .dashSeparator, "1")
        recorder.note(key(.seenOr, SmallBytes.one), .seenOr, "1")
        recorder.note(key(.commaAhead, SmallBytes.one), .commaAhead, "1")
        recorder.note(key(.segmentShape, seg, coarse), .segmentShape, seg.string + "|" + coarse.string)
        recorder.note(key(.parenShape, digit(paren), coarse), .parenShape, "\(paren)|" + coarse.string)
        recorder.note(key(.positionShape, pos, coarse), .positionShape, pos.string + "|" + coarse.string)
        let segPos = digit(segmentPosition)
        recorder.note(key(.segmentPositionShape, segPos, coarse), .segmentPositionShape, segPos.string + "|" + coarse.string)
        if lex[i].count > 0 { recorder.note(key(.lexiconShape, lex[i], shape), .lexiconShape, lex[i].string + "|" + shape.string) }
    }

    /// Suffixes of 3 and 2 characters and a prefix of 3, on whole UTF-8 scalars.
    @inline(__always)
    static func affixes(_ w: UnsafeBufferPointer<UInt8>) -> (UnsafeBufferPointer<UInt8>?, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>?)? {
        guard w.count >= 3 else { return nil }
        // Start offsets of the last three scalars.
        var s1 = -1, s2 = -1, s3 = -1
        var i = w.count
        while i > 0, s3 < 0 {
            i -= 1
            if w[i] & 0xC0 != 0x80 {
                if s1 < 0 { s1 = i } else if s2 < 0 { s2 = i } else { s3 = i }
            }
        }
        guard s2 >= 0 else { return nil }
        let suffix2 = UnsafeBufferPointer(rebasing: w[s2...])
        let suffix3 = s3 >= 0 && w.count >= 4 ? UnsafeBufferPointer(rebasing: w[s3...]) : nil
        var p3: UnsafeBufferPointer<UInt8>? = nil
        if w.count >= 5 {
            var j = 0, scalars = 0
            while j < w.count, scalars < 3 {
                j += 1
                while j < w.count, w[j] & 0xC0 == 0x80 { j += 1 }
                scalars += 1
            }
            p3 = UnsafeBufferPointer(rebasing: w[..<j])
        }
        return (suffix3, suffix2, p3)
    }
}
