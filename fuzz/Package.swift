// swift-tools-version: 6.0
import PackageDescription

let settings: [SwiftSetting] = [
  .swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"), .enableUpcomingFeature("InternalImportsByDefault"),
]

/// The modules under test are built with `-enable-testing`, so the harness reaches the
/// internal engine (the regex, the expression parser) as the CI suites do, through
/// `@testable import`.
let testable = settings + [.unsafeFlags(["-enable-testing"])]

let package = Package(
  name: "SwitchyardFuzz",
  platforms: [.macOS(.v15)],
  targets: [
    .target(name: "Core", swiftSettings: testable),
    .target(name: "ConfigEngine", dependencies: ["Core"], swiftSettings: testable),
    .target(name: "ConfigClient", dependencies: ["Core", "ConfigEngine"], swiftSettings: testable),
    .target(name: "HTTPCore", dependencies: ["Core"], swiftSettings: testable),
    .target(name: "HTTPTransport", dependencies: ["Core", "HTTPCore"], swiftSettings: testable),
    .systemLibrary(name: "CEpoll", path: "Sources/CEpoll"),
    .target(
      name: "HTTPServer", dependencies: ["Core", "HTTPCore", "CEpoll"], swiftSettings: testable),
    .target(
      name: "FuzzHarness",
      dependencies: ["Core", "ConfigEngine", "ConfigClient", "HTTPTransport", "HTTPServer"],
      swiftSettings: settings),
  ]
)
