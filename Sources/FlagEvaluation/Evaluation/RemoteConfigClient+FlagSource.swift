public import ConfigClient
import Core

extension RemoteConfigClient: FlagSource {
  /// The client's active snapshot: its template, defaults, context and values (so an
  /// evaluation without a context reads the snapshot and evaluates nothing), stale while the
  /// client is (`isStale`), at the client's time. Never nil: a client without a template
  /// still has its in-app defaults.
  public nonisolated func flagConfiguration() -> FlagConfiguration? {
    let snapshot = self.snapshot
    return FlagConfiguration(
      template: snapshot.template, defaults: snapshot.defaults, isStale: isStale,
      now: timeSource.now, context: snapshot.context, values: snapshot.values)
  }
}
