// swift-tools-version: 6.0
//
// Switchyard: Firebase-compatible remote config, feature gating and root routing in pure Swift.
// The package has no dependencies by design: Foundation, Dispatch and Synchronization only.

import PackageDescription

/// Settings every target shares, so the whole package is held to one standard.
let sharedSwiftSettings: [SwiftSetting] = [
  // Swift 6 language mode: complete, strict concurrency checking everywhere.
  .swiftLanguageMode(.v6),
  // Existentials spell `any`, so a reader sees where dynamic dispatch happens.
  .enableUpcomingFeature("ExistentialAny"),
  // An `import` in one file does not leak its members into the others.
  .enableUpcomingFeature("MemberImportVisibility"),
  // An `import` is internal unless it says otherwise, so a module's imports are not part of
  // its interface: `public import` marks the few whose types its public API uses.
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "Switchyard",
  // The Apple floor: Swift 6 runtime APIs such as `String(validating:as:)`; Linux has none.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "Core", targets: ["Core"]),
    .library(name: "ConfigEngine", targets: ["ConfigEngine"]),
    .library(name: "ConfigClient", targets: ["ConfigClient"]),
    .library(name: "ConfigClientHTTP", targets: ["ConfigClientHTTP"]),
    .library(name: "FirebaseServices", targets: ["FirebaseServices"]),
    .library(name: "RootRouting", targets: ["RootRouting"]),
    .library(name: "ElementaryFeature", targets: ["ElementaryFeature"]),
    .library(name: "JuniorHighFeature", targets: ["JuniorHighFeature"]),
    .library(name: "ConfigRouting", targets: ["ConfigRouting"]),
    .library(name: "FlagEvaluation", targets: ["FlagEvaluation"]),
    .library(name: "OFREP", targets: ["OFREP"]),
    .executable(name: "switchyard", targets: ["switchyard"]),
    .executable(name: "switchyard-bench", targets: ["SwitchyardBench"]),
  ],
  targets: [
    // The shared vocabulary. Depends on nothing of ours.
    .target(name: "Core", swiftSettings: sharedSwiftSettings),
    // The engine: templates, expressions, evaluation and explanations. Core only; no I/O.
    .target(name: "ConfigEngine", dependencies: ["Core"], swiftSettings: sharedSwiftSettings),
    // The client: defaults, fetch/activate, persistence, throttling, real-time. No HTTP, no Google.
    .target(
      name: "ConfigClient", dependencies: ["Core", "ConfigEngine"],
      swiftSettings: sharedSwiftSettings),
    // What HTTP's client and server share below them: POSIX socket calls, HTTP's token grammar,
    // HTTP-dates, reading Retry-After. Core only; not a product, and kept out of Core so that
    // the engine and the client compile no socket or HTTP code.
    .target(name: "HTTPCore", dependencies: ["Core"], swiftSettings: sharedSwiftSettings),
    // HTTP/1.1, TLS through the system's OpenSSL, proxies, gzip. Knows no template and no Google;
    // not a product: its API is the package's own.
    .target(
      name: "HTTPTransport", dependencies: ["Core", "HTTPCore"], swiftSettings: sharedSwiftSettings
    ),
    // Linux's epoll header, which Glibc's module does not map: the HTTP server waits on it.
    .systemLibrary(name: "CEpoll", path: "Sources/CEpoll"),
    // An HTTP/1.1 server on POSIX sockets for the internet: one event loop, handlers as tasks.
    // Core and HTTPCore only; not a product: its API is the package's own.
    .target(
      name: "HTTPServer",
      dependencies: [
        "Core", "HTTPCore", .target(name: "CEpoll", condition: .when(platforms: [.linux])),
      ],
      swiftSettings: sharedSwiftSettings),
    // The client's template source and real-time stream over HTTP.
    .target(
      name: "ConfigClientHTTP", dependencies: ["Core", "ConfigClient", "HTTPTransport"],
      swiftSettings: sharedSwiftSettings),
    // Google's credentials and Firebase's services: management, server templates, the app
    // protocol, Installations and the real-time stream.
    .target(
      name: "FirebaseServices",
      dependencies: ["Core", "ConfigEngine", "ConfigClient", "HTTPTransport", "ConfigClientHTTP"],
      swiftSettings: sharedSwiftSettings),
    // Root screen decisions and orientation policy. Core only: never ConfigClient, never a feature.
    .target(name: "RootRouting", dependencies: ["Core"], swiftSettings: sharedSwiftSettings),
    // Leaf features. Core only: never each other, never RootRouting.
    .target(name: "ElementaryFeature", dependencies: ["Core"], swiftSettings: sharedSwiftSettings),
    .target(name: "JuniorHighFeature", dependencies: ["Core"], swiftSettings: sharedSwiftSettings),
    // The template-to-route pipeline and the signals it sets, and the bridge from the client
    // to the root's runtime: the one library that joins the engine and the client to
    // RootRouting. Features arrive as descriptors: never a feature module.
    .target(
      name: "ConfigRouting", dependencies: ["Core", "ConfigEngine", "ConfigClient", "RootRouting"],
      swiftSettings: sharedSwiftSettings),
    // OpenFeature's vocabulary over the engine and the client: evaluation details, reasons,
    // the context, hooks, provider events, OpenTelemetry's attributes.
    .target(
      name: "FlagEvaluation", dependencies: ["Core", "ConfigEngine", "ConfigClient"],
      swiftSettings: sharedSwiftSettings),
    // OFREP, OpenFeature's remote evaluation protocol, as a responder any HTTP server mounts:
    // a request's bytes in, a response's out. No sockets.
    .target(
      name: "OFREP", dependencies: ["Core", "ConfigEngine", "FlagEvaluation"],
      swiftSettings: sharedSwiftSettings),
    // The composition root: the only target that imports everything.
    .executableTarget(
      name: "switchyard",
      dependencies: [
        "Core", "ConfigEngine", "ConfigClient", "HTTPTransport", "ConfigClientHTTP",
        "FirebaseServices", "RootRouting", "ConfigRouting", "ElementaryFeature",
        "JuniorHighFeature", "FlagEvaluation", "OFREP", "HTTPServer",
      ],
      swiftSettings: sharedSwiftSettings
    ),
    // The benchmarks and the probe processes they spawn, kept out of the tool.
    .executableTarget(
      name: "SwitchyardBench",
      dependencies: [
        "Core", "ConfigEngine", "ConfigClient", "RootRouting", "HTTPCore", "HTTPServer",
        "FlagEvaluation",
      ],
      swiftSettings: sharedSwiftSettings),

    // What more than one test target needs: the loopback HTTP server, the TLS test server, the
    // latch, temporary directories, the test clock's start, files of the source tree, a fake
    // course, and the fuzz suites' seeded draws and hostile JSON. A target, not a product.
    .target(
      name: "SwitchyardTestSupport",
      dependencies: ["Core", "ConfigEngine", "ConfigClient", "HTTPCore"],
      path: "Tests/Support",
      // The TLS test server's script and certificates are read from the source tree by path.
      exclude: [
        "TLS/tls-server.py", "TLS/make-certificates.sh", "TLS/test-ca.pem", "TLS/other-ca.pem",
        "TLS/localhost.pem", "TLS/localhost-key.pem", "TLS/expired.pem", "TLS/subject-only.pem",
        "TLS/partial-wildcard.pem", "TLS/wildcard.pem",
      ],
      swiftSettings: sharedSwiftSettings),
    // The fake Google (token endpoint, metadata server, Remote Config APIs, a Firebase app's
    // installations, fetch and real-time stream) on the loopback server; it checks JWT
    // signatures with FirebaseServices' RSA public key and evaluates with the engine.
    .target(
      name: "FakeGoogle",
      dependencies: [
        "Core", "ConfigEngine", "ConfigClient", "HTTPTransport", "FirebaseServices",
        "SwitchyardTestSupport",
      ],
      path: "Tests/FakeGoogle", swiftSettings: sharedSwiftSettings),
    .testTarget(
      name: "CoreTests", dependencies: ["Core", "SwitchyardTestSupport"],
      swiftSettings: sharedSwiftSettings),
    .testTarget(
      name: "HTTPCoreTests", dependencies: ["HTTPCore", "Core"], swiftSettings: sharedSwiftSettings),
    .testTarget(
      name: "ConfigEngineTests", dependencies: ["ConfigEngine", "Core", "SwitchyardTestSupport"],
      // Fixtures are read from the source tree by path, not bundled.
      exclude: ["Fixtures"], swiftSettings: sharedSwiftSettings),
    .testTarget(
      name: "ConfigClientTests",
      dependencies: ["ConfigClient", "ConfigEngine", "Core", "SwitchyardTestSupport"],
      swiftSettings: sharedSwiftSettings),
    .testTarget(
      name: "HTTPTransportTests", dependencies: ["HTTPTransport", "Core", "SwitchyardTestSupport"],
      exclude: ["Fixtures"], swiftSettings: sharedSwiftSettings),
    .testTarget(
      name: "HTTPServerTests",
      dependencies: ["HTTPServer", "HTTPTransport", "HTTPCore", "Core", "SwitchyardTestSupport"],
      swiftSettings: sharedSwiftSettings),
    .testTarget(
      name: "ConfigClientHTTPTests",
      dependencies: [
        "ConfigClientHTTP", "ConfigClient", "ConfigEngine", "HTTPTransport", "Core",
        "SwitchyardTestSupport",
      ],
      swiftSettings: sharedSwiftSettings),
    .testTarget(
      name: "FirebaseServicesTests",
      dependencies: [
        "FirebaseServices", "ConfigClientHTTP", "ConfigClient", "ConfigEngine", "HTTPTransport",
        "Core", "SwitchyardTestSupport", "FakeGoogle",
      ],
      exclude: ["Fixtures"], swiftSettings: sharedSwiftSettings),
    .testTarget(
      name: "RootRoutingTests", dependencies: ["RootRouting", "Core", "SwitchyardTestSupport"],
      swiftSettings: sharedSwiftSettings),
    .testTarget(
      name: "ElementaryFeatureTests", dependencies: ["ElementaryFeature", "Core"],
      swiftSettings: sharedSwiftSettings),
    .testTarget(
      name: "JuniorHighFeatureTests", dependencies: ["JuniorHighFeature", "Core"],
      swiftSettings: sharedSwiftSettings),
    .testTarget(
      name: "ConfigRoutingTests",
      dependencies: [
        "ConfigRouting", "ConfigClient", "ConfigEngine", "Core", "RootRouting",
        "ElementaryFeature", "JuniorHighFeature", "SwitchyardTestSupport",
      ],
      swiftSettings: sharedSwiftSettings),
    .testTarget(
      name: "FlagEvaluationTests",
      dependencies: [
        "FlagEvaluation", "ConfigClient", "ConfigEngine", "Core", "SwitchyardTestSupport",
      ],
      swiftSettings: sharedSwiftSettings),
    .testTarget(
      name: "OFREPTests",
      dependencies: [
        "OFREP", "FlagEvaluation", "ConfigClient", "ConfigEngine", "Core",
        "SwitchyardTestSupport",
      ],
      swiftSettings: sharedSwiftSettings),
    .testTarget(
      name: "switchyardTests",
      dependencies: [
        "switchyard", "Core", "ConfigEngine", "ConfigClient", "ConfigClientHTTP",
        "FirebaseServices", "ConfigRouting", "RootRouting", "SwitchyardTestSupport", "FakeGoogle",
        "HTTPTransport",
      ],
      // Fixtures are read from the source tree by path, not bundled.
      exclude: ["Fixtures"], swiftSettings: sharedSwiftSettings),
    .testTarget(
      name: "SwitchyardBenchTests",
      dependencies: [
        "SwitchyardBench", "ConfigClient", "ConfigEngine", "Core", "SwitchyardTestSupport",
        "FlagEvaluation",
      ],
      swiftSettings: sharedSwiftSettings),
  ]
)
