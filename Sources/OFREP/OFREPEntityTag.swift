import ConfigEngine

/// The `ETag` of a bulk answer and the `If-None-Match` test against it.
enum OFREPEntityTag {
  /// A strong tag of the body's bytes: the first 128 bits of their SHA-256, so the same
  /// answer (flags, values, reasons, variants, metadata, the version and the event stream,
  /// written in a fixed order) always has the same tag, and another answer another one.
  static func of(_ body: [UInt8]) -> String {
    "\"" + SHA256.hash(body).hexString.prefix(32) + "\""
  }

  /// Whether any `If-None-Match` value names `tag` (`*` names any; weak and strong tags
  /// compare by their opaque part, as RFC 9110 compares for `If-None-Match`).
  static func matches(_ tag: String, ifNoneMatch values: [String]) -> Bool {
    let opaque = tag.opaquePart
    for value in values {
      for candidate in value.split(separator: ",") {
        let trimmed = candidate.trimmingSpaces
        if trimmed == "*" || trimmed.opaquePart == opaque { return true }
      }
    }
    return false
  }
}

extension StringProtocol {
  /// The tag without its weakness mark `W/`.
  fileprivate var opaquePart: SubSequence {
    hasPrefix("W/") ? dropFirst(2) : self[...]
  }
}
