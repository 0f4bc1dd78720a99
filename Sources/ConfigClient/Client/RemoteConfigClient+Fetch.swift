import ConfigEngine
import Core
import Foundation

extension RemoteConfigClient {
  /// Fetches the template unless the minimum fetch interval has not elapsed (or the client
  /// is throttled). A new template becomes the fetched layer; `activate()` makes it active
  /// (or `autoActivate` does). A template that does not parse or validate is rejected and
  /// replaces nothing.
  /// - Throws: `FetchError.throttled` (no network call), `.source`, `.invalidTemplate`.
  public func fetch() async throws(FetchError) -> FetchResult {
    try await fetch(ignoringMinimumInterval: false)
  }

  /// Fetches, optionally ignoring the minimum fetch interval (never the throttle). Calls
  /// made while a fetch is in flight join it instead of sending another request, except
  /// when the source's server evaluates for the context (`TemplateSource.evaluatesOnServer`)
  /// and the context changed since that fetch was sent: they wait for it and then fetch for
  /// the context as it is now.
  /// - Throws: `FetchError.throttled` (no network call), `.source`, `.invalidTemplate`.
  public func fetch(ignoringMinimumInterval: Bool) async throws(FetchError) -> FetchResult {
    try await fetch(ignoringMinimumInterval: ignoringMinimumInterval, fetchType: .base)
  }

  /// `fetch(ignoringMinimumInterval:)` telling the source why it fetches: the real-time
  /// updater's fetches are `.realtime(attempt:)`.
  func fetch(
    ignoringMinimumInterval: Bool, fetchType: TemplateFetchType
  ) async throws(FetchError) -> FetchResult {
    while let inFlight = inFlightFetch {
      let result = await inFlight.task.value
      if !source.requestDiffers(for: context, from: inFlight.context) {
        return try result.get()
      }
      // Values for another context: the fetch below asks for this one (the context-changed
      // mark is still set, so the minimum interval does not serve the cache instead).
    }
    let now = timeSource.now
    if state.throttle.isThrottled(at: now), let until = state.throttle.throttledUntil {
      eventBroadcaster.broadcast(.fetchFailed(.throttled(until: until)))
      throw .throttled(until: until)
    }
    if !ignoringMinimumInterval, !state.isStale, !state.contextChanged,
      isWithinMinimumInterval(now)
    {
      return .servedFromCache
    }
    let task = Task {
      let result = await self.fetchFromSource(fetchType)
      // Cleared before the task completes, so whoever awaits it never finds it still
      // registered (and a newer fetch registered meanwhile is not cleared).
      self.fetchFinished()
      if case .failure(let error) = result {
        self.eventBroadcaster.broadcast(.fetchFailed(error))
      }
      return result
    }
    inFlightFetch = (task, context)
    return try await task.value.get()
  }

  /// Fetches (as `fetch()`) and then activates whatever fetched template is not active yet,
  /// including one fetched earlier.
  ///
  /// The result's `updatedKeys` are the keys whose values differ between the snapshot before
  /// the fetch and the one after the activation, so they are the same with `autoActivate`
  /// (where the fetch itself activates, leaving `activate()` nothing to do) as without it.
  /// - Throws: the fetch's `FetchError`; nothing is activated then.
  @discardableResult
  public func fetchAndActivate() async throws(FetchError) -> FetchAndActivateResult {
    try await fetchAndActivate(ignoringMinimumInterval: false)
  }

  /// `fetchAndActivate()`, optionally ignoring the minimum fetch interval (as `refresh` does).
  func fetchAndActivate(
    ignoringMinimumInterval: Bool
  ) async throws(FetchError) -> FetchAndActivateResult {
    let before = snapshot
    let fetch = try await fetch(ignoringMinimumInterval: ignoringMinimumInterval)
    await activate()
    return FetchAndActivateResult(
      fetch: fetch, updatedKeys: snapshot.changedKeys(comparedTo: before))
  }

  /// Forgets the fetch in flight once it has finished.
  private func fetchFinished() {
    inFlightFetch = nil
  }

  /// Whether the last successful fetch is younger than the minimum interval. A clock that
  /// went backwards counts as elapsed, so a changed clock cannot block fetching for long.
  func isWithinMinimumInterval(_ now: Date) -> Bool {
    guard state.fetched != nil, let last = state.lastSuccessfulFetchAt else { return false }
    let elapsed = now.timeIntervalSince(last)
    return elapsed >= 0 && elapsed < settings.minimumFetchInterval.timeInterval
  }

  /// One request to the source and what follows from its answer.
  private func fetchFromSource(
    _ fetchType: TemplateFetchType
  ) async -> Result<FetchResult, FetchError> {
    let etag = state.fetched?.etag
    let request = TemplateFetchRequest(
      etag: etag, timeout: settings.fetchTimeout, context: context, fetchType: fetchType)
    let staleMarksBefore = staleMarks
    let outcome = await FetchDeadline.fetch(from: source, request, time: timeSource)
    let now = timeSource.now
    // The answer is for the context the request carried and the template the server had
    // when it left: if the app changed the context meanwhile in a field the source sends, or
    // marked the client stale, that mark stays for the next fetch.
    let answered = ClientState.FetchAnswer(
      at: now, forCurrentContext: !source.requestDiffers(for: context, from: request.context),
      afterLastStaleMark: staleMarks == staleMarksBefore)
    // The source's own state (an installation registered or refreshed) is saved after every
    // fetch that changed it, failed or not.
    let sourceChanged = await takeSourceState()
    switch outcome {
    case .failure(let error):
      let before = state.throttle
      state.throttle.fetchFailed(
        error, at: now, policy: settings.backoff, randomFraction: random.next())
      if state.throttle != before || sourceChanged { await persist() }
      return .failure(.source(error))
    case .success(.notModified):
      // What was fetched stays current, whether or not it came with an ETag to send (a
      // Firebase app's NO_CHANGE answers either way); with nothing fetched, there is nothing
      // the answer can mean.
      guard state.fetched != nil else {
        if sourceChanged { await persist() }
        return .failure(
          .source(.invalidResponse("not modified, with nothing fetched before to keep")))
      }
      state.throttle.fetchSucceeded()
      state.recordSuccessfulFetch(answered)
      publishStaleness()
      eventBroadcaster.broadcast(.fetched(.notModified))
      await persist()
      return .success(.notModified)
    case .success(.template(let body, let newETag)):
      return await accept(body, etag: newETag, answered, sourceChanged: sourceChanged)
    }
  }

  /// Validates a fetched body and, when it is a usable template, stores it as the fetched
  /// layer. An unusable body changes nothing but the throttle (the server did answer).
  private func accept(
    _ body: [UInt8], etag: String?, _ answered: ClientState.FetchAnswer, sourceChanged: Bool
  ) async -> Result<FetchResult, FetchError> {
    // Saved even when the body is refused: the server answered (a throttle clears) and the
    // source may have changed its own state.
    let mustSave = state.throttle != FetchThrottle() || sourceChanged
    state.throttle.fetchSucceeded()
    let limit = min(settings.maximumTemplateBytes, RemoteConfigLimits.templateBytes)
    guard body.count <= limit else {
      if mustSave { await persist() }
      return .failure(.source(.bodyTooLarge(limit: limit)))
    }
    let template: TemplateBody
    do {
      template = try TemplateBody(validating: body)
    } catch {
      if mustSave { await persist() }
      return .failure(.invalidTemplate(error))
    }
    // A body identical to the active template (a byte order mark aside) is that template,
    // already activated.
    state.materializeTemplates()
    let isActive = state.active.map { $0.template.bytes == template.bytes } ?? false
    // An ETag over the limit is not kept: the next fetch asks without one.
    let keptETag = etag.flatMap { $0.utf8.count <= RemoteConfigLimits.etagBytes ? $0 : nil }
    state.fetched = ClientState.Fetched(
      template: isActive ? (state.active?.template ?? template) : template, etag: keptETag,
      fetchedAt: answered.at, isActivated: isActive)
    state.recordSuccessfulFetch(answered)
    publishStaleness()
    let result = FetchResult.newTemplate(versionNumber: template.compiled.versionNumber)
    eventBroadcaster.broadcast(.fetched(result))
    if settings.autoActivate { _ = activateFetched() }
    await persist()
    return .success(result)
  }
}
