import Core
import Foundation

extension RealtimeUpdateRun {
  /// Brings the client to `target` when it is newer than what is active: fetches (after a
  /// random delay, and never while throttled) until the fetched version reaches it, then
  /// delivers the update.
  mutating func update(to target: Int) async {
    let client = updater.client
    let before = client.snapshot
    if let active = before.versionNumber, active >= target { return }
    if let delivered = deliveredVersion, delivered >= target { return }
    var reached = await Self.hasFetched(target, client)
    // Saved at once: if the process ends before a fetch succeeds, the next one still knows.
    if !reached { await client.markStale() }
    var lastError: FetchError?
    var attempts = 0
    while !reached, attempts < updater.settings.fetchAttempts {
      attempts += 1
      do {
        try await waitBeforeFetching()
      } catch {
        return
      }
      do {
        _ = try await client.fetch(
          ignoringMinimumInterval: true, fetchType: .realtime(attempt: attempts))
        lastError = nil
      } catch {
        lastError = error
      }
      reached = await Self.hasFetched(target, client)
    }
    guard reached else {
      emit(.fetchFailed(targetVersion: target, lastError: lastError))
      return
    }
    if client.settings.autoActivate {
      // The client may have activated on its own already; this activates whatever is left.
      await client.activate()
      let after = client.snapshot
      deliveredVersion = after.versionNumber
      emit(
        .activated(
          versionNumber: after.versionNumber, updatedKeys: after.changedKeys(comparedTo: before)))
    } else {
      let fetched = await client.fetchedVersionNumber
      deliveredVersion = fetched
      emit(.fetched(versionNumber: fetched))
    }
  }

  /// Sleeps a random fraction of the maximum fetch delay, and at least until the client's
  /// throttle ends.
  /// - Throws: `CancellationError` when the run is cancelled meanwhile.
  private func waitBeforeFetching() async throws {
    var delay = updater.random.next() * max(0, updater.settings.maximumFetchDelay.timeInterval)
    if let throttledUntil = await updater.client.throttledUntil {
      delay = max(delay, throttledUntil.timeIntervalSince(updater.timeSource.now))
    }
    if delay > 0 {
      try await updater.timeSource.sleep(for: .timeInterval(delay))
    }
    try Task.checkCancellation()
  }

  private static func hasFetched(_ target: Int, _ client: RemoteConfigClient) async -> Bool {
    guard let fetched = await client.fetchedVersionNumber else { return false }
    return fetched >= target
  }
}
