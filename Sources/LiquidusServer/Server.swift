import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import LiquidusModel
import LiquidusPresentation
import LiquidusPush
import LiquidusStore
import Logging
import NIOCore
import NIOSSL
import ServiceLifecycle

/// `liquidus serve`: the JSON API over the same database as the command line.
///
/// Each request gets a fresh ``CallRunner`` context and calls the same use cases as the
/// commands; the store is shared (a `DatabasePool`), so a drink logged in a shell is in the
/// next answer and the other way round. SIGINT or SIGTERM stops accepting, lets the requests
/// in flight finish (the event streams end) for up to ``Configuration/shutdownDeadline``, then
/// closes the connections still open and the database; a second signal ends it at once.
public struct LiquidusServer: Sendable {
  /// Where and how to listen.
  public struct Configuration: Sendable {
    /// The address to bind: `127.0.0.1` unless told otherwise.
    public var host: String
    /// The port; 0 picks a free one (tests).
    public var port: Int
    /// More host names the server answers to, besides localhost and the listen address.
    public var hostNames: [String]
    /// A PEM certificate chain and private key, for HTTPS.
    public var tls: (certificate: String, key: String)?
    /// Connections served at once; more wait in the backlog.
    public var maxConnections: Int
    /// How many of them strangers (connections that have shown no valid token or session
    /// yet) may hold: fewer than ``maxConnections``, so the owner always gets in
    /// (``ConnectionBudget``). Three quarters of it unless set.
    public var strangerConnections: Int?
    /// The longest a request may take to arrive, head to last body byte (``RequestPace``).
    public var requestDeadline: Duration = .seconds(300)
    /// Bytes a second a request's body must arrive at, on average, after its first 10 s.
    public var minimumBodyRate = 1024
    /// A connection that sends nothing for this long is closed (slow or stalled clients).
    public var idleTimeout: Duration
    /// How long a graceful shutdown may wait for the requests in flight before the connections
    /// still open are closed: a client dripping a body would otherwise hold it forever.
    public var shutdownDeadline: Duration = .seconds(10)
    /// Proxies (Caddy, `tailscale serve`) whose `X-Forwarded-For` or `Forwarded` names the
    /// client, for the throttle; IP addresses.
    public var trustedProxies: [String] = []
    /// Wrong tokens a client address may send in a minute before it is refused outright.
    public var guessesPerMinute = 10
    /// Heavy answers (summaries and caffeine views of any period, the Trends screen) computed
    /// at once; more wait their turn (``HeavyWork``).
    public var heavyRequests = 2
    /// Whether `POST /api/bench-floor` answers (``BenchFloorRoute``): only for the benchmark.
    public var benchFloor = false
    /// How often the server looks for a reminder due to push to subscribed phones.
    public var reminderTurn: Duration = .seconds(60)
    /// The largest export the page's Import screen takes: 2 GiB.
    public var uploadLimit: Int64 = 2 << 30
    /// "Now" for each request: the system clock, or a pinned instant in tests.
    public var clock: @Sendable () -> Date
    /// The zone days are counted in (the server's `TZ`), one for the process like the CLI's.
    public var timeZone: TimeZone
    /// How numbers and dates are read in amounts and times.
    public var locale: Locale
    /// Who reminders are pushed to phones through, and how (``PushSender``): its `services` are
    /// also the push services a phone's subscription may name.
    public var push = PushSender.Configuration(contact: PushSender.Configuration.defaultContact())

    /// Creates a configuration.
    public init(
      host: String = "127.0.0.1", port: Int = 8787, hostNames: [String] = [],
      tls: (certificate: String, key: String)? = nil, maxConnections: Int = 128,
      idleTimeout: Duration = .seconds(15), clock: @escaping @Sendable () -> Date = { Date() },
      timeZone: TimeZone, locale: Locale
    ) {
      self.host = host
      self.port = port
      self.hostNames = hostNames
      self.tls = tls
      self.maxConnections = maxConnections
      self.idleTimeout = idleTimeout
      self.clock = clock
      self.timeZone = timeZone
      self.locale = locale
    }
  }

  let store: DrinkStore
  let configuration: Configuration
  /// The event streams of `/api/events` and the page's `/events`.
  let events: ChangeEvents
  /// Room kept for the owner among the connections.
  let budget: ConnectionBudget
  /// Runs the use cases of every route, its writes grouped into shared commits, and the phone
  /// reminders'.
  let runner: CallRunner

  /// A server over `store`, which should be opened for many callers.
  public init(store: DrinkStore, configuration: Configuration) {
    self.store = store
    self.configuration = configuration
    runner = CallRunner(
      store: store, clock: configuration.clock, timeZone: configuration.timeZone,
      locale: configuration.locale, writes: GroupedWrites(store: store))
    events = ChangeEvents(store: store)
    budget = ConnectionBudget(
      strangers: configuration.strangerConnections ?? configuration.maxConnections * 3 / 4)
  }

  /// Serves until SIGINT or SIGTERM, then shuts down gracefully.
  /// - Parameter listening: called with the bound port once the server accepts connections.
  public func run(listening: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
    var logger = Logger(label: "liquidus.serve")
    logger.logLevel = .notice
    let app = Application(
      router: try makeRouter(),
      server: try serverBuilder(),
      configuration: .init(
        address: .hostname(configuration.host, port: configuration.port),
        serverName: "liquidus",
        availableConnectionsDelegate: MaximumAvailableConnections(configuration.maxConnections)),
      onServerRunning: { channel in listening(channel.localAddress?.port ?? 0) },
      logger: logger)
    // Reminders pushed to phones: the sender and the turns that feed it end with the server's
    // graceful shutdown, within the same deadline.
    let sender = try PushSender(
      configuration: configuration.push,
      keyPair: try VAPIDKeyPair.kept(in: store, now: configuration.clock()),
      gone: StoredPushOutcomes(runner: runner, logger: logger), logger: logger)
    let reminders = PhoneReminders(
      runner: runner, sender: sender, every: configuration.reminderTurn, logger: logger)
    let services: [any Service] = [app, sender, reminders]
    var lifecycle = ServiceGroupConfiguration(
      services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
    lifecycle.maximumGracefulShutdownDuration = configuration.shutdownDeadline
    let secondSignal = SecondSignal()
    defer { secondSignal.stop() }
    try await ListenFailure.translating(host: configuration.host, port: configuration.port) {
      try await ServiceGroup(configuration: lifecycle).run()
    }
  }

  private func serverBuilder() throws -> HTTPServerBuilder {
    let pace = RequestPace(
      deadline: .nanoseconds(configuration.requestDeadline.nanoseconds),
      minimumRate: configuration.minimumBodyRate)
    let http = HTTPServerBuilder.http1(
      configuration: .init(
        additionalChannelHandlers: [
          BudgetedConnection(budget: budget), RequestPacing(pace: pace),
        ],
        idleTimeout: .nanoseconds(Int64(configuration.idleTimeout.nanoseconds))))
    guard let tls = configuration.tls else { return http }
    let chain = try NIOSSLCertificate.fromPEMFile(tls.certificate).map {
      NIOSSLCertificateSource.certificate($0)
    }
    let key = try NIOSSLPrivateKey(file: tls.key, format: .pem)
    var tlsConfiguration = TLSConfiguration.makeServerConfiguration(
      certificateChain: chain, privateKey: .privateKey(key))
    // TLS 1.0 and 1.1 are deprecated (RFC 8996); a client that offers 1.3 gets it, since the
    // highest version both sides speak is the one chosen.
    tlsConfiguration.minimumTLSVersion = .tlsv12
    tlsConfiguration.maximumTLSVersion = .tlsv13
    return try .tls(http, tlsConfiguration: tlsConfiguration)
  }

  /// The routes: the OpenAPI document in the open, everything else behind a token; every
  /// request behind the host and origin check, every error as a problem document.
  func makeRouter() throws -> Router<APIRequestContext> {
    try PageTemplates.check()
    // HEAD reaches each GET route (the router resolves a route before any middleware runs);
    // ``HeadAsGet`` answers it there, and for a path without one, without a body.
    let router = Router(context: APIRequestContext.self, options: .autoGenerateHeadEndpoints)
    router.middlewares.add(HeadAsGet())
    router.middlewares.add(ProblemMiddleware())
    router.middlewares.add(
      ForwardedClient(trustedProxies: Set(configuration.trustedProxies.compactMap(IPAddress.init))))
    router.middlewares.add(
      HostGuard(
        listenHost: configuration.host, extraNames: configuration.hostNames,
        tls: configuration.tls != nil))
    router.middlewares.add(
      MethodNotAllowed(document: Array(PageFiles.openAPI.bytes.readableBytesView)))
    router.addRoutes(PageFilesController().routes)
    // For health checks, and the benchmark's floor: what answering costs without the database.
    router.get("healthz") { _, _ in "ok\n" }
    let throttle = Throttle(limit: configuration.guessesPerMinute)
    let version = DatabaseVersion(store: store)
    let usage = UsageMarks(store: store)
    let tokenGuard = TokenGuard(
      store: store, version: version, throttle: throttle, usage: usage,
      clock: configuration.clock)
    let api = router.group("api")
      .add(middleware: tokenGuard)
      .add(middleware: RecognisedConnection(budget: budget))
    // The page's script subscribes its phone with its session, so this group takes either.
    let push = router.group("api/push-subscriptions")
      .add(
        middleware: TokenOrPageSession(
          tokens: tokenGuard, sessions: Sessions(store: store), usage: usage,
          clock: configuration.clock)
      )
      .add(middleware: RecognisedConnection(budget: budget))
    PushSubscriptionRoutes(
      runner: runner, services: configuration.push.services,
      applicationServerKey: try VAPIDKeyPair.kept(in: store, now: configuration.clock())
        .publicKeyBase64URL
    ).add(to: push)
    // A tap on a pushed reminder's button: its credential is its authority, not a token.
    PushActionRoutes(runner: runner).add(to: router)
    DrinkRoutes(runner: runner).add(to: api)
    if configuration.benchFloor { BenchFloorRoute().add(to: api) }
    WorkoutRoutes(runner: runner).add(to: api)
    let heavy = HeavyWork(slots: configuration.heavyRequests)
    let glance = GlanceRoutes(runner: runner, version: version, heavy: heavy)
    glance.add(to: api)
    let status: @Sendable () async throws -> String = { try await glance.statusText() }
    api.get("events") { [store] (_, context: APIRequestContext) -> Response in
      let token = try context.requireToken()
      return try events.response(status: status) {
        try await store.perform { store in try store.tokenDigests() }.contains {
          $0.0.id == token.id
        }
      }
    }
    addPage(
      to: router, runner: runner, throttle: throttle, usage: usage, events: events,
      status: status, heavy: heavy)
    return router
  }
}

extension LiquidusServer {
  /// The page: every screen a controller, behind the session middleware; the screens that
  /// show the person's data behind ``SignedInMiddleware``, every change behind
  /// ``CSRFMiddleware`` too.
  func addPage(
    to router: Router<APIRequestContext>, runner: CallRunner, throttle: Throttle,
    usage: UsageMarks, events: ChangeEvents,
    status: @escaping @Sendable () async throws -> String, heavy: HeavyWork
  ) {
    let sessions = Sessions(store: store)
    let page = router.group()
      .add(
        middleware: SessionMiddleware(sessions: sessions, usage: usage, clock: configuration.clock)
      )
      .add(middleware: RecognisedConnection(budget: budget))
    let signIns = SignIns(
      store: store, sessions: sessions, throttle: throttle, clock: configuration.clock)
    page.addRoutes(SignInController(signIns: signIns).routes)
    // Each browser's last change from the page, which its "Undo" takes back.
    let undo = PageUndo()
    page.addRoutes(
      TodayController(
        runner: runner, events: events, status: status, sessions: sessions,
        clock: configuration.clock, undo: undo
      ).routes)
    page.addRoutes(
      EntryEditController(screen: EntryEditScreen(runner: runner), undo: undo).routes)
    page.addRoutes(
      TrendsController(
        runner: runner, screen: TrendsScreen(runner: runner, cache: RenderedReports()),
        heavy: heavy
      ).routes)
    page.addRoutes(SettingsController(runner: runner, undo: undo).routes)
    page.addRoutes(
      ImportController(
        screen: ImportScreen(runner: runner, limit: configuration.uploadLimit), undo: undo
      ).routes)
  }
}

extension Duration {
  /// The whole duration in nanoseconds.
  var nanoseconds: Int64 {
    let parts = components
    return parts.seconds * 1_000_000_000 + parts.attoseconds / 1_000_000_000
  }
}
