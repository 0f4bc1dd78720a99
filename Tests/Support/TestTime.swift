public import Foundation

/// The instant the tests' clocks start at.
public enum TestTime {
  /// 2026-01-01T00:00:00Z, where every test's manual clock starts (and `ManualTimeSource`'s
  /// default), so the dates in expected output read the same in every suite.
  public static let start = Date(timeIntervalSince1970: 1_767_225_600)
}
