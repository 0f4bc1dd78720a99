/// Literals, case folding under `(?i)`, and reading the pattern's characters.
extension BoundedRegexParser {
  /// A literal outside a class: one scalar, or a character of several.
  func literal(_ character: Character) -> Parsed {
    let scalars = character.unicodeScalars.map { scalar in
      isCaseInsensitive ? Self.lowercasedASCII(scalar.value) : scalar.value
    }
    if scalars.count == 1, let value = character.unicodeScalars.first?.value {
      return literal(value)
    }
    return (.multiScalarCharacter(scalars), 1)
  }

  func literal(_ value: UInt32) -> Parsed {
    guard isCaseInsensitive else { return (.scalar(value, value), 1) }
    let lower = Self.lowercasedASCII(value)
    let upper = (0x61...0x7A).contains(lower) ? lower - 0x20 : lower
    return (.scalar(lower, upper), 1)
  }

  func caseAdjusted(_ set: BoundedRegexScalarSet) -> BoundedRegexScalarSet {
    isCaseInsensitive ? set.addingOtherASCIICase() : set
  }

  static func lowercasedASCII(_ value: UInt32) -> UInt32 {
    (0x41...0x5A).contains(value) ? value + 0x20 : value
  }

  /// The ASCII value of the character at `position` if it is one ASCII scalar.
  func ascii(at position: Int) -> UInt8? {
    guard position < characters.count else { return nil }
    return characters[position].asciiValue
  }

  func singleScalar(at position: Int) -> UInt32? {
    guard position < characters.count else { return nil }
    let scalars = characters[position].unicodeScalars
    guard let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex
    else { return nil }
    return first.value
  }

  /// A combining mark written right after a syntax character fuses with it into one
  /// character (`(` + U+0301 is not `(`); rather than misread the pattern, reject it.
  func rejectCombiningMarksOnSyntax() throws(RegexSyntaxError) {
    let syntax = Set("\\^$.|?*+()[]{}".unicodeScalars)
    for (position, character) in characters.enumerated() where character.asciiValue == nil {
      let scalars = character.unicodeScalars
      if let first = scalars.first, first.isASCII, syntax.contains(first) {
        throw error("a combining mark follows '\(first)'", at: position)
      }
    }
  }
}
