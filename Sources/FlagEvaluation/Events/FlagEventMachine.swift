import ConfigClient

/// Turns a client's events into OpenFeature's provider events: a pure state machine, so the
/// rules are tested as transcripts.
///
/// The provider's status follows from three facts: whether a template is active, whether the
/// client is stale, and whether its last fetch failed. It is `ERROR` while failing, `NOT_READY`
/// without a template, `STALE` while stale, `READY` otherwise; `READY` and `STALE` are
/// announced when the status becomes them, `ERROR` with every failure (each has its own
/// message), and every value change is `CONFIGURATION_CHANGED`.
struct FlagEventMachine {
  private enum Status: Equatable {
    case notReady, ready, stale, error
  }

  private var hasTemplate: Bool
  private var isStale: Bool
  private var isFailing = false
  private var status = Status.notReady

  /// A machine for a client that has (or has not) an active template and is (or is not)
  /// stale when listening starts.
  init(hasTemplate: Bool, isStale: Bool) {
    self.hasTemplate = hasTemplate
    self.isStale = isStale
  }

  /// What a listener learns at once: the status the client is already in (`READY` or `STALE`),
  /// as OpenFeature runs a handler added after its event.
  mutating func start() -> [FlagProviderEvent] {
    settle()
  }

  /// The provider events for one client event.
  mutating func handle(_ event: ClientEvent) -> [FlagProviderEvent] {
    switch event {
    case .restored, .activated:
      hasTemplate = true
      return settle()
    case .fetched:
      isFailing = false
      return settle()
    case .updated(let keys):
      return [.configurationChanged(flagsChanged: keys)]
    case .markedStale:
      isStale = true
      return settle()
    case .staleMarkCleared:
      isStale = false
      return settle()
    case .fetchFailed(let error):
      isFailing = true
      status = .error
      return [.error(.general, message: error.description)]
    }
  }

  /// The event announcing the status the facts now give, when it changed to `READY` or `STALE`.
  private mutating func settle() -> [FlagProviderEvent] {
    let next: Status =
      isFailing ? .error : !hasTemplate ? .notReady : isStale ? .stale : .ready
    guard next != status else { return [] }
    status = next
    switch next {
    case .ready: return [.ready]
    case .stale: return [.stale]
    case .notReady, .error: return []
    }
  }
}
