import Foundation

/// Firebase installation ids (FIDs), made as Firebase's SDKs make them
/// (firebase-services.md §4.1; JavaScript `generate-fid.ts`): 17 random bytes, the first
/// byte's top four bits set to `0111`, base64url without padding, the first 22 characters.
/// Such an id matches `^[cdef][\w-]{21}$`.
enum FirebaseInstallationID {
  /// How many random bytes an id is made from.
  static let byteCount = 17
  /// How many characters an id has.
  static let length = 22

  /// Where the random bytes come from: `count` bytes per call.
  typealias RandomBytes = @Sendable (_ count: Int) -> [UInt8]

  /// The system's secure random generator (`SystemRandomNumberGenerator`: the kernel's
  /// CSPRNG on Linux, `arc4random` on Apple platforms).
  static let systemRandomBytes: RandomBytes = { count in
    var generator = SystemRandomNumberGenerator()
    return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
  }

  /// A new id from `randomBytes`.
  static func make(_ randomBytes: RandomBytes = systemRandomBytes) -> String {
    make(from: randomBytes(byteCount))
  }

  /// The id made from `bytes` (17 of them; fewer are padded with zeros, more are cut).
  static func make(from bytes: [UInt8]) -> String {
    var bytes = Array(bytes.prefix(byteCount))
    bytes += [UInt8](repeating: 0, count: byteCount - bytes.count)
    bytes[0] = 0b0111_0000 | (bytes[0] & 0b0000_1111)
    return String(Base64.urlEncoded(bytes).prefix(length))
  }

  /// Whether `fid` matches `^[cdef][\w-]{21}$`, Firebase's check of an id before it is used.
  static func isValid(_ fid: String) -> Bool {
    let bytes = Array(fid.utf8)
    guard bytes.count == length, [UInt8]("cdef".utf8).contains(bytes[0]) else { return false }
    return bytes.dropFirst().allSatisfy { byte in
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
        || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
  }
}
