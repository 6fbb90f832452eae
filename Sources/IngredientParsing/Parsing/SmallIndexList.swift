/// A few token indexes kept inline (lines rarely have more than four amounts); more spill
/// into an array.
struct SmallIndexList {
    private var inline: (Int, Int, Int, Int) = (0, 0, 0, 0)
    private var spill: [Int] = []
    private(set) var count = 0

    var last: Int? { count == 0 ? nil : self[count - 1] }

    @inline(__always)
    subscript(i: Int) -> Int {
        switch i {
        case 0: inline.0
        case 1: inline.1
        case 2: inline.2
        case 3: inline.3
        default: spill[i - 4]
        }
    }

    @inline(__always)
    mutating func append(_ value: Int) {
        switch count {
        case 0: inline.0 = value
        case 1: inline.1 = value
        case 2: inline.2 = value
        case 3: inline.3 = value
        default: spill.append(value)
        }
        count += 1
    }

    /// Inserts `value` at the front.
    mutating func insertFirst(_ value: Int) {
        var moved = SmallIndexList()
        moved.append(value)
        for i in 0..<count { moved.append(self[i]) }
        self = moved
    }
}
