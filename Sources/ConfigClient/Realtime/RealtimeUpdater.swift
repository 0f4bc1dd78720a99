public import Core
import Foundation

/// Keeps a `RemoteConfigClient` current from the real-time invalidation stream, Firebase's
/// way: when the server announces a template version newer than the active one, wait a
/// small random delay, fetch ignoring the minimum fetch interval (never the throttle), retry
/// until the fetched version reaches the announced one, then deliver the update: activated
/// at once when the client's settings opt into `autoActivate`, otherwise reported as
/// fetched and ready for the app's `activate()`.
///
/// The stream is reconnected with exponential backoff and jitter within a retry budget,
/// honouring `Retry-After` and `retryIntervalSeconds`; `featureDisabled` stops it for good.
/// Everything is injected: the transport, the clock and the random source.
///
/// ```swift
/// let updater = RealtimeUpdater(
///   client: client, transport: HTTPRealtimeTransport(url: streamURL))
/// for await event in updater.events() {
///   if case .activated(let version, let keys) = event { refresh(keys) }
/// }
/// ```
public struct RealtimeUpdater: Sendable {
  /// The client kept current.
  public let client: RemoteConfigClient
  /// Opens the stream.
  public let transport: any RealtimeTransport
  /// Delays, attempts and limits.
  public let settings: RealtimeSettings
  let timeSource: any TimeSource
  let random: RandomSource

  /// An updater for `client` over `transport`.
  /// - Parameters:
  ///   - timeSource: the clock for delays and backoff; the client's own unless given.
  ///   - random: random fractions for the fetch delay and the reconnection jitter.
  public init(
    client: RemoteConfigClient, transport: any RealtimeTransport,
    settings: RealtimeSettings = RealtimeSettings(), timeSource: (any TimeSource)? = nil,
    random: RandomSource = .system
  ) {
    self.client = client
    self.transport = transport
    self.settings = settings
    self.timeSource = timeSource ?? client.timeSource
    self.random = random
  }

  /// Connects and keeps the client current for as long as the returned stream is iterated;
  /// it ends after `.stopped`. Stopping the iteration (or cancelling its task) closes the
  /// connection. Each call starts its own connection.
  ///
  /// Events are buffered for a slow reader up to the newest 1,024; older ones are dropped.
  public func events() -> AsyncStream<RealtimeEvent> {
    let (stream, continuation) = AsyncStream<RealtimeEvent>.makeStream(
      bufferingPolicy: .bufferingNewest(1024))
    let updater = self
    let task = Task {
      var run = await RealtimeUpdateRun(updater: updater) { continuation.yield($0) }
      await run.run()
      continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }
}
