import Core
import Foundation
import Testing

@testable import switchyard

@Suite("switchyard orientation")
struct OrientationCommandTests {
  @Test("each case line gets one answer line with the issue's fields in the issue's order")
  func answersEachLine() async {
    let input = [
      #"{"idiom": "phone", "plist": ["portrait"], "feature": ["portrait", "landscapeLeft"]}"#,
      #"{"idiom": "pad", "os": 26, "plistPad": ["landscapeLeft", "landscapeRight"], "#
        + #""requiresFullScreen": true, "feature": ["landscapeLeft"]}"#,
      #"{"idiom": "pad", "plistPad": ["portrait"], "launchScreen": true, "delegate": null, "#
        + #""feature": ["landscapeRight"], "homeButton": false, "windowing": "fullScreen"}"#,
    ]
    let (status, capture) = await CapturedToolIO.run(["orientation", "--input", "-"], input: input)
    #expect(status == .success)
    #expect(
      capture.outputLines == [
        #"{"effective":["portrait"],"enforcement":"enforced","crash":false,"#
          + #""appStoreRejects":false,"diagnostics":["the feature asks for [landscapeLeft], "#
          + #"which the app mask [portrait] from the Info.plist removes"]}"#,
        #"{"effective":["landscapeLeft"],"enforcement":"bestEffort","crash":false,"#
          + #""appStoreRejects":false,"diagnostics":["UIRequiresFullScreen is deprecated since "#
          + #"iPadOS 26 (TN3192): the orientations are a preference, not a lock"]}"#,
        #"{"effective":[],"enforcement":"enforced","crash":true,"appStoreRejects":true,"#
          + #""diagnostics":["ITMS-90474: an iPad app without UIRequiresFullScreen must list all "#
          + #"four orientations in its Info.plist, and it lists [portrait]; the upload is "#
          + #"rejected","the feature asks for [landscapeRight], which the app mask [portrait] "#
          + #"from the Info.plist removes","no orientation is in the app mask [portrait], the "#
          + #"feature's [landscapeRight] and the device's [portrait, portraitUpsideDown, "#
          + #"landscapeLeft, landscapeRight]: UIKit raises "#
          + #"UIApplicationInvalidInterfaceOrientation"]}"#,
      ])
    #expect(capture.error.isEmpty)
  }

  @Test("absent and null fields take the documented defaults")
  func defaults() async {
    let input = [
      "{}",
      #"{"idiom": null, "os": null, "plist": null, "feature": null, "windowing": null}"#,
      #"{"idiom": "pad"}"#,
    ]
    let (status, capture) = await CapturedToolIO.run(["orientation", "--input", "-"], input: input)
    #expect(status == .success)
    let phone =
      #"{"effective":["portrait","landscapeLeft","landscapeRight"],"enforcement":"enforced","#
      + #""crash":false,"appStoreRejects":false,"diagnostics":[]}"#
    let pad =
      #"{"effective":["portrait","portraitUpsideDown","landscapeLeft","landscapeRight"],"#
      + #""enforcement":"notEnforced","crash":false,"appStoreRejects":false,"#
    #expect(capture.outputLines.count == 3)
    #expect(capture.outputLines.prefix(2) == [phone, phone])
    #expect(capture.outputLines.last?.hasPrefix(pad) == true)
  }

  @Test(
    "a bad field becomes an error line naming the field, and the run goes on",
    arguments: [
      (
        #"{"idiom": "watch"}"#,
        #"field 'idiom': expected one of \"phone\", \"pad\", found \"watch\""#
      ),
      (#"{"os": 17.5}"#, "field 'os': expected a major version such as 17, found 17.5"),
      (#"{"os": "26"}"#, #"field 'os': expected a major version such as 17, found \"26\""#),
      (#"{"plist": "portrait"}"#, "field 'plist': expected a list of orientations, found a string"),
      (
        #"{"plistPad": [1]}"#,
        "field 'plistPad': expected orientation names, found a number at index 0"
      ),
      (
        #"{"delegate": ["portrait", "sideways"]}"#,
        #"field 'delegate': unknown orientation \"sideways\" at index 1"#
      ),
      (#"{"feature": ["up"]}"#, #"field 'feature': unknown orientation \"up\" at index 0"#),
      (
        #"{"requiresFullScreen": "yes"}"#,
        "field 'requiresFullScreen': expected true or false, found a string"
      ),
      (#"{"launchScreen": 1}"#, "field 'launchScreen': expected true or false, found a number"),
      (#"{"homeButton": []}"#, "field 'homeButton': expected true or false, found an array"),
      (
        #"{"windowing": "splitView"}"#,
        #"field 'windowing': expected one of \"fullScreen\", \"resizable\", \"mirroring\", "#
          + #"found \"splitView\""#
      ),
      (#"{"idoim": "pad"}"#, "unknown field 'idoim'; expected one of idiom, os,"),
    ])
  func badFields(line: String, message: String) async {
    let (status, capture) = await CapturedToolIO.run(
      ["orientation", "--input", "-"], input: [line, "{}"])
    #expect(status == .failure)
    #expect(capture.outputLines.count == 2)
    #expect(
      capture.outputLines.first?.hasPrefix(#"{"error":"line 1: "# + message) == true,
      "\(capture.outputLines)")
    #expect(capture.outputLines.last?.hasPrefix(#"{"effective":"#) == true)
  }

  @Test("cases are read from a file, and --input is required")
  func readsFile() async throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("switchyard-orientation-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(
      "{\"idiom\": \"phone\", \"homeButton\": true, \"plist\": [\"portraitUpsideDown\"]}\n".utf8
    )
    .write(to: url)
    let (status, capture) = await CapturedToolIO.run(["orientation", "--input", url.path])
    #expect(status == .success)
    #expect(
      capture.outputLines.first?.hasPrefix(
        #"{"effective":[],"enforcement":"enforced","crash":true"#) == true)

    let (usage, missing) = await CapturedToolIO.run(["orientation"])
    #expect(usage == .usage)
    #expect(missing.error.contains("missing required option '--input'"))
  }
}
