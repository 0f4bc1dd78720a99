extension StringProtocol {
  /// The text without spaces and tabs at either end: a header value's optional whitespace.
  var trimmingSpaces: Substring {
    let isSpace = { (character: Character) in character == " " || character == "\t" }
    guard let start = firstIndex(where: { !isSpace($0) }),
      let end = lastIndex(where: { !isSpace($0) })
    else { return Substring("") }
    return Substring(self[start...end])
  }
}
