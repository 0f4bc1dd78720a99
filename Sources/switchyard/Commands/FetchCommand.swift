import ConfigClient
import Core

extension ToolCommand {
  /// `switchyard fetch`: fetches the template from a URL, or a Firebase project's server
  /// template, or the values Firebase evaluates for a Firebase app's installation (obeying
  /// the client's minimum fetch interval and throttling), activates and caches it, and prints
  /// the active values.
  static let fetch = makeFetch(environment: .live)

  /// The `fetch` command on `environment`'s clock and randomness.
  ///
  /// Standard output is always ONE JSON object, key -> `{"value", "source"}`; what the fetch
  /// did (fetched, not modified, served from cache) and any warning go to standard error.
  /// When the server cannot be reached (or `--firebase-server` finds no credentials or no
  /// project) the cached values are printed with a warning and the exit status is still 0; it
  /// is 1 only when nothing is cached either. With `--firebase-app` the cache also keeps the
  /// app's installation (file mode 0600), so a second run registers nothing.
  static func makeFetch(environment: NetworkCommandEnvironment) -> ToolCommand {
    ToolCommand(
      name: "fetch",
      summary:
        "Fetch a template from a URL, a Firebase project or as a Firebase app, activate and"
        + " cache it, and print the active values.",
      synopsis:
        "switchyard fetch (--url URL | --firebase-server [--project P]"
        + " | --firebase-app APP_ID --api-key KEY [--project P]) --cache DIR"
        + " [--context C.json] [--timeout SECONDS]",
      options: CachedRemoteConfig.sourceOptions + [
        CachedRemoteConfig.cacheOption,
        CachedRemoteConfig.contextOption,
        CachedRemoteConfig.timeoutOption,
      ]
    ) { arguments, io in
      let remote = try await CachedRemoteConfig.open(
        arguments, io: io, environment: environment, autoActivate: false)
      guard await remote.fetchAndActivate("fetch", io: io) else { return .failure }
      io.printLine(ConfigValuesJSON.text(remote.client.snapshot))
      return .success
    }
  }
}
