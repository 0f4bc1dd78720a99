// swift-tools-version: 6.0
import PackageDescription

let settings: [SwiftSetting] = [
  .swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "SwitchyardFuzz",
  platforms: [.macOS(.v15)],
  targets: [
    .target(name: "Core", swiftSettings: settings),
    .target(name: "ConfigClient", dependencies: ["Core"], swiftSettings: settings),
    .target(
      name: "FuzzHarness", dependencies: ["Core", "ConfigClient"], swiftSettings: settings),
  ]
)
