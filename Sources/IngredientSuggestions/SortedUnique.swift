extension Array where Element: Comparable {
    /// Sorts the array ascending and drops repeats in place (no second array): a key's distinct
    /// words, a batch's candidate pairs.
    mutating func sortAndDropRepeats() {
        sort()
        var kept = 0
        for k in indices where kept == 0 || self[kept - 1] != self[k] {
            self[kept] = self[k]
            kept += 1
        }
        removeLast(count - kept)
    }
}
