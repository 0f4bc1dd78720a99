import Core
@testable import FirebaseServices
import Foundation
import Testing

@Suite("Base64")
struct Base64Tests {
  @Test(
    "RFC 4648's test vectors decode, and encode as unpadded base64url",
    arguments: [
      ("", "", ""), ("f", "Zg==", "Zg"), ("fo", "Zm8=", "Zm8"), ("foo", "Zm9v", "Zm9v"),
      ("foob", "Zm9vYg==", "Zm9vYg"), ("fooba", "Zm9vYmE=", "Zm9vYmE"),
      ("foobar", "Zm9vYmFy", "Zm9vYmFy"),
    ])
  func vectors(text: String, base64: String, base64URL: String) {
    #expect(Base64.decode(Array(base64.utf8)) == Array(text.utf8))
    #expect(Base64.urlEncoded(Array(text.utf8)) == base64URL)
  }

  @Test("base64url uses '-' and '_' where base64 uses '+' and '/'")
  func urlAlphabet() {
    #expect(Base64.urlEncoded([0xFB, 0xFF, 0xBF]) == "-_-_")
    #expect(Base64.decode(Array("+/+/".utf8)) == [0xFB, 0xFF, 0xBF])
  }

  @Test(
    "malformed or non-canonical base64 is refused",
    arguments: ["Zg=", "Zg", "Z===", "Zm9v=Yg=", "Zh==", "Zm9=", "Zm-v", "Zm9v\n"])
  func refused(text: String) {
    #expect(Base64.decode(Array(text.utf8)) == nil)
  }

  @Test("base64url encoding matches Foundation's base64 with the URL alphabet, at every length")
  func matchesFoundation() {
    var generator = SeededRandomGenerator(seed: 64)
    for length in 0..<70 {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let foundation = Data(bytes).base64EncodedString()
        .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
      #expect(Base64.urlEncoded(bytes) == foundation)
      #expect(Base64.decode(Array(Data(bytes).base64EncodedString().utf8)) == bytes)
    }
  }
}
