import Core
import Foundation
import Testing

@Suite("Orientation and OrientationMask")
struct OrientationTests {
  @Test(
    "masks carry UIKit's raw values",
    arguments: [
      (OrientationMask.portrait, UInt(2)), (.portraitUpsideDown, 4), (.landscapeRight, 8),
      (.landscapeLeft, 16), (.landscape, 24), (.allButUpsideDown, 26), (.all, 30),
    ])
  func rawValues(mask: OrientationMask, raw: UInt) {
    #expect(mask.rawValue == raw)
  }

  @Test(
    "parses short names and Info.plist names",
    arguments: [
      ("portrait", Orientation.portrait), ("UIInterfaceOrientationPortrait", .portrait),
      ("portraitUpsideDown", .portraitUpsideDown),
      ("UIInterfaceOrientationPortraitUpsideDown", .portraitUpsideDown),
      ("landscapeLeft", .landscapeLeft), ("UIInterfaceOrientationLandscapeLeft", .landscapeLeft),
      ("landscapeRight", .landscapeRight),
      ("UIInterfaceOrientationLandscapeRight", .landscapeRight),
    ])
  func parsesNames(name: String, orientation: Orientation) {
    #expect(Orientation(name: name) == orientation)
  }

  @Test(
    "unknown names are nil, and an error naming the entry in lists",
    arguments: [
      "Portrait", "landscape", "", "UIInterfaceOrientationUnknown",
    ])
  func unknownNames(name: String) {
    #expect(Orientation(name: name) == nil)
    #expect(throws: OrientationMask.UnknownName(name: name, index: 1)) {
      try OrientationMask(names: ["portrait", name])
    }
  }

  @Test("prints short and Info.plist names in a fixed order")
  func printsNames() throws {
    let mask = try OrientationMask(names: ["landscapeRight", "UIInterfaceOrientationPortrait"])
    #expect(mask == [.portrait, .landscapeRight])
    #expect(mask.shortNames == ["portrait", "landscapeRight"])
    #expect(
      mask.plistNames == ["UIInterfaceOrientationPortrait", "UIInterfaceOrientationLandscapeRight"])
    #expect(
      OrientationMask.all.shortNames == [
        "portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight",
      ])
    #expect(OrientationMask([Orientation.landscapeLeft, .landscapeRight]) == .landscape)
  }

  @Test("encodes as short names and decodes either spelling")
  func codable() throws {
    let data = try JSONEncoder().encode(OrientationMask.landscape)
    #expect(String(decoding: data, as: UTF8.self) == #"["landscapeLeft","landscapeRight"]"#)
    let decoded = try JSONDecoder().decode(
      OrientationMask.self, from: Data(#"["UIInterfaceOrientationPortrait","landscapeLeft"]"#.utf8))
    #expect(decoded == [.portrait, .landscapeLeft])
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(OrientationMask.self, from: Data(#"["upright"]"#.utf8))
    }
  }
}
