import Core

/// The client's deadline on a source's fetch: the source's answer, `.timeout` once the
/// request's timeout has passed on the client's time source, or `cancelled`, whichever comes
/// first (`Deadline.race`), so a source that ignores its `timeout` (or hangs) still fails on
/// time.
package enum FetchDeadline {
  typealias Outcome = Result<TemplateFetchResponse, TemplateSourceError>

  /// The error a cancelled fetch reports; the caller that cancelled it ignores it anyway.
  package static let cancelled = TemplateSourceError.connectivity("the fetch was cancelled")

  /// One source fetch against the client's own deadline, so a source that ignores its
  /// `timeout` (or hangs) still fails with `.timeout` on the client's time source.
  static func fetch(
    from source: any TemplateSource, _ request: TemplateFetchRequest, time: any TimeSource
  ) async -> Outcome {
    await Deadline.race(
      timeout: request.timeout, time: time, timedOut: .failure(.timeout),
      cancelled: .failure(cancelled)
    ) {
      do throws(TemplateSourceError) {
        return .success(try await source.fetchTemplate(request))
      } catch {
        return .failure(error)
      }
    }
  }
}
