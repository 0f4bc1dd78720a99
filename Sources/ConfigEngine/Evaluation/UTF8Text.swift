/// String comparisons on UTF-8 bytes: what Firebase's evaluators do (code-unit comparison,
/// no Unicode normalisation), and allocation-free for native strings.
enum UTF8Text {
  /// Whether the two texts have identical UTF-8 bytes.
  static func equal(_ lhs: some StringProtocol, _ rhs: some StringProtocol) -> Bool {
    // Lengths first, then the bytes in place: the common case, a short native string
    // against a target of another length, costs a comparison.
    guard lhs.utf8.count == rhs.utf8.count else { return false }
    let contiguous = lhs.utf8.withContiguousStorageIfAvailable { left in
      rhs.utf8.withContiguousStorageIfAvailable { right in
        for offset in 0..<left.count where left[offset] != right[offset] { return false }
        return true
      }
    }
    if let equal = contiguous ?? nil { return equal }
    return lhs.utf8.elementsEqual(rhs.utf8)
  }

  /// Whether `needle`'s bytes occur in `haystack`'s; an empty needle always does.
  static func contains(_ haystack: some StringProtocol, _ needle: some StringProtocol) -> Bool {
    let contiguous = haystack.utf8.withContiguousStorageIfAvailable { hay in
      needle.utf8.withContiguousStorageIfAvailable { pin in search(hay, pin) }
    }
    if let found = contiguous ?? nil { return found }
    let hay = Array(haystack.utf8)
    let pin = Array(needle.utf8)
    return hay.withUnsafeBufferPointer { hay in pin.withUnsafeBufferPointer { search(hay, $0) } }
  }

  private static func search(_ hay: UnsafeBufferPointer<UInt8>, _ pin: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    guard let first = pin.first else { return true }
    guard pin.count <= hay.count else { return false }
    var start = 0
    let last = hay.count - pin.count
    while start <= last {
      if hay[start] == first {
        var offset = 1
        while offset < pin.count, hay[start + offset] == pin[offset] { offset += 1 }
        if offset == pin.count { return true }
      }
      start += 1
    }
    return false
  }
}
