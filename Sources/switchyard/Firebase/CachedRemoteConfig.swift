import ConfigClient
import ConfigClientHTTP
import ConfigEngine
import Core
import FirebaseServices
import Foundation
import HTTPTransport

/// What `fetch` and `watch` share (and `route` and `home` with `--firebase-app`): a client for
/// a template URL, a Firebase project's server template, or a Firebase app's values, that
/// keeps its state in a cache directory, and the first fetch-and-activate, reported on
/// standard error so standard output stays machine-readable.
struct CachedRemoteConfig {
  /// The client, restored from the cache.
  let client: RemoteConfigClient
  /// Where templates come from, for messages: the URL's scheme, host and port (its path,
  /// query and fragment may hold a token, and messages repeat on every failed refresh), the
  /// Firebase project, or the app.
  let origin: String
  /// Why `--firebase-server` has no source: no credentials or no project was found. The
  /// client then has only what the cache holds, which `fetchAndActivate` serves with a
  /// warning, as it serves the cache when the server cannot be reached.
  let unavailable: CredentialsError?
  /// The Firebase app with `--firebase-app`, whose real-time stream `watch` follows.
  var firebaseApp: FirebaseApp? = nil

  /// The options `fetch` and `watch` share.
  static let templateURLOption = ToolOption.value(
    "--url", "URL", "Where the template is (http or https).")
  static let firebaseServerOption = ToolOption.flag(
    "--firebase-server",
    "The Firebase project's server template, with Google's credentials, instead of --url.")
  /// The options that choose where templates come from, in the order `--help` lists them.
  static let sourceOptions = [
    templateURLOption, firebaseServerOption, FirebaseProject.projectOption,
    FirebaseAppArguments.appOption, FirebaseAppArguments.apiKeyOption,
  ]
  static let cacheOption = ToolOption.value(
    "--cache", "DIR", "The directory the client keeps its state in.")
  static let contextOption = ToolOption.value(
    "--context", "C.json", "The evaluation context (kept in the cache).")
  static let timeoutOption = ToolOption.value(
    "--timeout", "SECONDS", "How long a fetch may take, redirects included (default: 60).")

  /// Reads the `--url` (or `--firebase-server` and `--project`, or `--firebase-app`,
  /// `--api-key` and `--project`), `--cache`, `--context` and `--timeout` options and restores
  /// the client from the cache, printing the cache's diagnostics as warnings. When
  /// `--firebase-server` finds no credentials or no project, the client is still restored,
  /// and `unavailable` says why nothing can be fetched.
  /// - Parameters:
  ///   - cacheRequired: false where `--cache` is optional (`serve`): without it the client's
  ///     state lives in memory.
  ///   - backoff: how long the client holds back after 429 and repeated 5xx answers (an app's
  ///     rule unless given; `serve` keeps to its period).
  ///   - context: the context to set (`route` and `home` build theirs from their
  ///   flags); else `--context`'s, when given.
  /// - Throws: `UsageError` for a missing option, more than one source, or a URL that is not
  ///   http(s); `InputFileError` for an unreadable context file; `FirebaseEndpointError` for
  ///   an unusable URL base.
  static func open(
    _ arguments: ParsedArguments, io: ToolIO, environment: NetworkCommandEnvironment,
    autoActivate: Bool, context given: EvaluationContext? = nil, cacheRequired: Bool = true,
    backoff: BackoffPolicy = BackoffPolicy()
  ) async throws -> CachedRemoteConfig {
    let firebaseServer = arguments.flag("--firebase-server")
    let sources = [
      arguments.value("--url") != nil, firebaseServer, FirebaseAppArguments.isRequested(arguments),
    ]
    if sources.filter({ $0 }).count > 1 {
      throw UsageError(
        command: arguments.command,
        message: "give one of '--url', '--firebase-server' and '--firebase-app'")
    }
    let firebaseApp = try FirebaseAppArguments.app(arguments, environment: environment)
    if !firebaseServer, firebaseApp == nil, arguments.value("--project") != nil {
      throw UsageError(
        command: arguments.command,
        message: "'--project' goes with '--firebase-server' or '--firebase-app'")
    }
    let url = firebaseServer || firebaseApp != nil ? nil : try httpURL(arguments, "--url")
    let cache = cacheRequired ? try arguments.required("--cache") : arguments.value("--cache")
    guard cache?.isEmpty != true else {
      throw UsageError(
        command: arguments.command, message: "option '--cache' needs a directory, not an empty path"
      )
    }
    let timeout = try arguments.seconds("--timeout") ?? .seconds(60)
    let context = try given ?? arguments.value("--context").map(ContextFile.load)
    let source: any TemplateSource
    let origin: String
    var unavailable: CredentialsError?
    if let firebaseApp {
      source = firebaseApp.remoteConfigSource
      origin = "Firebase app \(firebaseApp.options.appID)"
    } else if let url {
      source = HTTPTemplateSource(url: url, timeSource: environment.timeSource)
      origin = HTTPHost.place(of: url)
    } else {
      do {
        let project = try await FirebaseProject.open(arguments, environment: environment)
        source = project.serverTemplateSource(environment: environment)
        origin = "Firebase project \(project.projectID) (firebase-server)"
      } catch let error as CredentialsError {
        source = UnavailableTemplateSource(error: error)
        origin = "the Firebase server template"
        unavailable = error
      }
    }
    let client = RemoteConfigClient(
      settings: RemoteConfigSettings(
        fetchTimeout: timeout, autoActivate: autoActivate, backoff: backoff),
      source: source,
      store: cache.map { FileConfigStore(directoryPath: $0) as any ConfigStore }
        ?? InMemoryConfigStore(),
      timeSource: environment.timeSource,
      random: environment.random)
    for reason in await client.restore() where reason.kind == .diagnostic {
      io.printError("switchyard \(arguments.command): warning: \(reason.message)")
    }
    // Set after restoring, so the new context replaces the cached one and is saved at once,
    // even when the fetch is then served from the cache.
    if let context { await client.setContext(context) }
    return CachedRemoteConfig(
      client: client, origin: origin, unavailable: unavailable, firebaseApp: firebaseApp)
  }

  /// Fetches and activates as the client's rules allow, and says on standard error what
  /// happened: fetched, not modified, served from the cache (the minimum interval has not
  /// elapsed), or failed, in which case the cached values stay active; then warns about the
  /// parts of the active template's conditions Switchyard does not evaluate. Without a source
  /// (`unavailable`) nothing is fetched and the cache is served as after a failed fetch.
  /// - Returns: false when the fetch failed and nothing is active: there is nothing to show.
  func fetchAndActivate(_ command: String, io: ToolIO) async -> Bool {
    do {
      if let unavailable { throw unavailable }
      let result = try await client.fetchAndActivate()
      switch result.fetch {
      case .newTemplate(let version):
        let name = version.map { "template version \($0)" } ?? "a template without a version"
        io.printError("switchyard \(command): fetched \(name) from \(origin)")
      case .notModified:
        io.printError("switchyard \(command): not modified since the last fetch")
      case .servedFromCache:
        let last = await client.lastSuccessfulFetchTime.map(Timestamp.format) ?? "earlier"
        let interval = Int(client.settings.minimumFetchInterval.timeInterval)
        io.printError(
          "switchyard \(command): served from cache (last fetch \(last); the minimum fetch "
            + "interval is \(interval) s)")
      }
    } catch {
      guard client.snapshot.template != nil else {
        io.printError("switchyard \(command): error: \(error); nothing is cached yet")
        return false
      }
      io.printError("switchyard \(command): warning: \(error); using the cached values")
    }
    if let problem = await client.storeDiagnostic {
      io.printError("switchyard \(command): \(problem)")
    }
    warnAboutActiveTemplate(command, io: io)
    return true
  }

  /// Warns about the parts of the active template's conditions Switchyard does not evaluate
  /// (a condition element newer than this version, false): the template is evaluated, so this
  /// is said at the first fetch and again whenever a refresh or a real-time update activates a
  /// new template, which may bring such an element.
  func warnAboutActiveTemplate(_ command: String, io: ToolIO) {
    TemplateWarnings.print(
      client.snapshot.template?.conditionWarnings ?? [], command: command, io: io)
  }

  /// The value of option `name` as an http or https URL whose host is a DNS name or an IP
  /// address (ConfigClient's one rule, `HTTPHost`).
  static func httpURL(_ arguments: ParsedArguments, _ name: String) throws -> URL {
    let text = try arguments.required(name)
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https"
    else {
      throw UsageError(
        command: arguments.command,
        message: "option '\(name)' needs an http(s) URL, got \(Excerpt.quoted(text))")
    }
    do {
      _ = try HTTPHost(url)
    } catch {
      // HTTPHost throws nothing else. The refusal shows the scheme and host only: never a
      // password, a path or a query.
      guard case .invalidHost(let refusal) = error else { throw error }
      throw UsageError(
        command: arguments.command,
        message:
          "option '\(name)' needs a URL whose host is a DNS name or an IP address: \(refusal)")
    }
    return url
  }
}

/// The source of a client that has none (no credentials or no project was found): every
/// fetch fails with that error, sending nothing.
private struct UnavailableTemplateSource: TemplateSource {
  let error: CredentialsError

  func fetchTemplate(
    _ request: TemplateFetchRequest
  ) async throws(TemplateSourceError) -> TemplateFetchResponse {
    throw .underlying(error.sourceFailure)
  }
}
