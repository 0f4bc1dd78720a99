import Foundation

/// Firebase installation ids (FIDs), made as Firebase's SDKs make them
/// (firebase-services.md §4.1; JavaScript `generate-fid.ts`): 17 random bytes, the first
/// byte's top four bits set to `0111`, base64url without padding, the first 22 characters.
/// Such an id matches `^[cdef][\w-]{21}$`; the id Google answers with replaces it and is kept
/// when `isAcceptable`.
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

  /// The longest id kept, in bytes: Firebase's are 22; a hostile answer cannot make the state
  /// file hold more.
  static let maximumLength = 128

  /// Whether `fid` is an id Switchyard takes from Google and keeps: 1 to `maximumLength`
  /// visible ASCII characters (`!` to `~`: no space, control character or non-ASCII scalar).
  ///
  /// Google's answer decides the id (Android keeps `response.getFid()`, JavaScript
  /// `responseValue.fid || fid`), and Google's own test answers hold ids outside the pattern
  /// of the ids SDKs make (`aaaaaaaaaaaaaaaaaaaaaa`, `FIDPLACEHOLDER`), so that pattern is not
  /// the test here; what is kept must only be safe to print, to send as JSON and to encode
  /// as a URL path segment (`FirebaseEndpoint.encodedSegment`).
  static func isAcceptable(_ fid: String) -> Bool {
    let bytes = fid.utf8
    return !bytes.isEmpty && bytes.count <= maximumLength
      && bytes.allSatisfy { $0 >= 0x21 && $0 <= 0x7E }
  }
}
