extension String {
    /// The string followed by spaces up to `width` characters, and by at least one space: a
    /// column of the text reports (`ingest eval`, `ingest dev train parser`).
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
