public import ConfigClient

extension RemoteConfigClient {
  /// A new stream of the client's OpenFeature provider events: `PROVIDER_READY` when a template
  /// is active (restored or first activated) and on recovery, `PROVIDER_CONFIGURATION_CHANGED`
  /// with the changed keys, `PROVIDER_STALE` after `markStale()`, `PROVIDER_ERROR` for a failed
  /// fetch (see `FlagEventMachine` for the rules). A listener that starts after the client is
  /// ready (or stale) is told so first. The stream ends when the listener stops iterating or
  /// the client goes away.
  public nonisolated func flagEvents() -> AsyncStream<FlagProviderEvent> {
    // Listening starts before the state is read, so nothing happens unseen in between (at
    // worst an activation is seen twice, which changes no status).
    let events = self.events()
    var machine = FlagEventMachine(hasTemplate: snapshot.template != nil, isStale: isStale)
    let (stream, continuation) = AsyncStream.makeStream(
      of: FlagProviderEvent.self, bufferingPolicy: .unbounded)
    for event in machine.start() { continuation.yield(event) }
    let relay = Task { [machine] in
      var machine = machine
      for await event in events {
        for flagEvent in machine.handle(event) { continuation.yield(flagEvent) }
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in relay.cancel() }
    return stream
  }
}
