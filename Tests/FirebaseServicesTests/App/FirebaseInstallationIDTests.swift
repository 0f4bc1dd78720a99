@testable import FirebaseServices
import Testing

@Suite("FirebaseInstallationID")
struct FirebaseInstallationIDTests {
  @Test(
    "an id is the 17 bytes with 0111 as the top bits, base64url, cut to 22 characters",
    arguments: [
      ([UInt8](repeating: 0, count: 17), "cAAAAAAAAAAAAAAAAAAAAA"),
      ([UInt8](repeating: 0xFF, count: 17), "f_____________________"),
      ([0x8F] + [UInt8](repeating: 0xFB, count: 16), "f_v7-_v7-_v7-_v7-_v7-_"),
      (Array(0..<17), "cAECAwQFBgcICQoLDA0ODx"),
      ([0x3E] + [UInt8](repeating: 0x3E, count: 16), "fj4-Pj4-Pj4-Pj4-Pj4-Pj"),
    ])
  func make(bytes: [UInt8], expected: String) {
    #expect(FirebaseInstallationID.make(from: bytes) == expected)
    #expect(FirebaseInstallationID.isAcceptable(expected))
  }

  @Test("ids from the system's generator all match ^[cdef][\\w-]{21}$ and differ")
  func random() {
    let ids = (0..<200).map { _ in FirebaseInstallationID.make() }
    #expect(ids.allSatisfy { $0.wholeMatch(of: /[cdef][\w-]{21}/) != nil })
    #expect(Set(ids).count == ids.count)
  }

  @Test(
    "an id Google answers with is kept when it is 1 to 128 visible ASCII characters",
    arguments: [
      "aaaaaaaaaaaaaaaaaaaaaa", "FIDPLACEHOLDER", "cAAAAAAAAAAAAAAAAAAAAA", "x",
      "a/b?c#d%e\"f'g<h>", String(repeating: "z", count: 128),
    ])
  func acceptable(fid: String) {
    #expect(FirebaseInstallationID.isAcceptable(fid))
  }

  @Test(
    "an empty, long or unprintable id is refused",
    arguments: [
      "", String(repeating: "z", count: 129), "a b", "a\tb", "a\nb", "a\u{0}b", "a\u{7F}b",
      "cAAAAAAAAAAAAAAAAAAAÄ", "a\u{202E}b", "👨‍👩‍👧",
    ])
  func unacceptable(fid: String) {
    #expect(!FirebaseInstallationID.isAcceptable(fid))
  }
}
