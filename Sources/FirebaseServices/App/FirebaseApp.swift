public import ConfigClient
public import Core
import Foundation

/// A Firebase app, anywhere Swift runs: its options and its one installation, shared by its
/// Remote Config source and its real-time updates, so the app registers once.
///
/// ```swift
/// let firebase = FirebaseApp(options: try FirebaseAppOptions(appID: appID, apiKey: key))
/// let client = RemoteConfigClient(
///   source: firebase.remoteConfigSource,
///   store: FileConfigStore(directoryPath: cacheDirectory),
///   defaults: InAppDefaults(catalog: catalog))
/// await client.restore()
/// try await client.fetchAndActivate()
/// for await event in firebase.realtimeUpdater(for: client).events() { ... }
/// ```
///
/// Firebase's own SDKs do this only on Apple platforms, Android and the web; this is their
/// protocol (installations, the app fetch, the real-time stream) in Swift, on Linux too.
public struct FirebaseApp: Sendable {
  /// The app's options.
  public let options: FirebaseAppOptions
  /// The app's installation.
  public let installations: FirebaseInstallations
  /// The clock for timeouts, token expiry and backoff.
  public let timeSource: any TimeSource

  /// The app `options` describes.
  /// - Parameters:
  ///   - timeSource: the clock (the system clock unless given); give the client the same.
  ///   - random: random fractions for the installations' backoff.
  public init(
    options: FirebaseAppOptions, timeSource: any TimeSource = SystemTimeSource(),
    random: RandomSource = .system
  ) {
    self.init(
      installations: FirebaseInstallations(
        options: options, timeSource: timeSource, random: random),
      timeSource: timeSource)
  }

  /// The app `installations` belongs to.
  init(installations: FirebaseInstallations, timeSource: any TimeSource) {
    self.options = installations.options
    self.installations = installations
    self.timeSource = timeSource
  }

  /// The app's Remote Config, as a `RemoteConfigClient`'s source.
  public var remoteConfigSource: FirebaseAppTemplateSource {
    FirebaseAppTemplateSource(installations: installations, timeSource: timeSource)
  }

  /// The real-time stream of the app, for `client`, passing on messages up to
  /// `maximumMessageBytes` whole (the updater's `RealtimeSettings.maximumMessageBytes`).
  public func realtimeTransport(
    for client: RemoteConfigClient,
    maximumMessageBytes: Int = RealtimeSettings().maximumMessageBytes
  ) -> FirebaseRealtimeTransport {
    FirebaseRealtimeTransport(
      client: client, installations: installations, timeSource: timeSource,
      maximumMessageBytes: maximumMessageBytes)
  }

  /// An updater that keeps `client` (made with `remoteConfigSource`) current from the app's
  /// real-time stream.
  /// - Parameters:
  ///   - random: random fractions for the delay before a fetch and the reconnection jitter.
  public func realtimeUpdater(
    for client: RemoteConfigClient, settings: RealtimeSettings = RealtimeSettings(),
    random: RandomSource = .system
  ) -> RealtimeUpdater {
    RealtimeUpdater(
      client: client,
      transport: realtimeTransport(
        for: client, maximumMessageBytes: settings.maximumMessageBytes),
      settings: settings, random: random)
  }
}
