import NIOCore
import NIOHTTPTypes

/// How fast a request must arrive: its whole head and body within ``deadline``, and its body
/// at ``minimumRate`` bytes a second on average once ``grace`` has passed. A connection whose
/// request falls behind is closed.
///
/// Hummingbird's idle timer (`HTTPConnectionStateHandler`) starts again with every part it
/// reads, and each chunk of a body is a part: a client sending a byte every few seconds kept
/// its connection, and its place among the connections the server takes, for ever.
struct RequestPace: Sendable {
  /// The longest a request may take to arrive, head to last body byte.
  var deadline: TimeAmount
  /// Bytes a second a body must keep up, on average, after ``grace``.
  var minimumRate: Int
  /// What a body may take before the rate applies: a small body arrives whole within it.
  var grace: TimeAmount = .seconds(10)

  /// Whether a request begun `elapsed` ago, with `received` body bytes so far, is too slow.
  func isBehind(elapsed: TimeAmount, received: Int) -> Bool {
    if elapsed > deadline { return true }
    guard elapsed > grace, minimumRate > 0 else { return false }
    let owed = Double((elapsed - grace).nanoseconds) / 1e9 * Double(minimumRate)
    return Double(received) < owed
  }
}

/// Keeps each request to its ``RequestPace``, and closes a connection whose answer was sent
/// before its request's body was read (a 401, a 403, a 404 or a 413: nothing wants the
/// rest), instead of reading the body to its end.
///
/// It sits in each connection's pipeline between the HTTP codec and Hummingbird's handlers, so
/// it sees the request's parts as they arrive and the response's as they leave.
final class RequestPacing: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart
  typealias OutboundIn = HTTPResponsePart
  typealias OutboundOut = HTTPResponsePart

  private let pace: RequestPace
  /// When the request being read began; nil between requests.
  private var began: NIODeadline?
  private var received = 0
  private var check: Scheduled<Void>?
  /// The answer went out before the request was read whole: close once it is sent.
  private var answeredEarly = false

  init(pace: RequestPace) {
    self.pace = pace
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head:
      began = .now()
      received = 0
      answeredEarly = false
    case .body(let buffer):
      received += buffer.readableBytes
    case .end:
      began = nil
      check?.cancel()
      check = nil
    }
    context.fireChannelRead(data)
  }

  /// After each batch of reads: a request still arriving is checked every second. A request
  /// without a body arrives in the batch that began it and is never timed.
  func channelReadComplete(context: ChannelHandlerContext) {
    if began != nil && check == nil { scheduleCheck(context) }
    context.fireChannelReadComplete()
  }

  private func scheduleCheck(_ context: ChannelHandlerContext) {
    let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
    check = context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(1)) { [self] in
      check = nil
      guard let began else { return }
      let context = loopBound.value
      if pace.isBehind(elapsed: .now() - began, received: received) {
        self.began = nil
        context.close(promise: nil)
      } else {
        scheduleCheck(context)
      }
    }
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    switch unwrapOutboundIn(data) {
    case .head(var head) where began != nil:
      // Answered before the body was read: say so, and close rather than read the rest.
      answeredEarly = true
      head.headerFields[.connection] = "close"
      context.write(wrapOutboundOut(.head(head)), promise: promise)
    case .end where answeredEarly:
      answeredEarly = false
      let sent = context.eventLoop.makePromise(of: Void.self)
      sent.futureResult.cascade(to: promise)
      context.writeAndFlush(data, promise: sent)
      let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
      sent.futureResult.assumeIsolated().whenComplete { _ in
        Self.closeAfterAnswer(loopBound.value)
      }
    default:
      context.write(data, promise: promise)
    }
  }

  /// Closes the sending side first, so the client reads the answer before the connection
  /// ends (closing with unread body bytes would reset it, and the answer could be lost), then
  /// the whole connection a moment later.
  private static func closeAfterAnswer(_ context: ChannelHandlerContext) {
    let channel = context.channel
    let halfClosed = context.eventLoop.makePromise(of: Void.self)
    context.close(mode: .output, promise: halfClosed)
    halfClosed.futureResult.whenFailure { _ in channel.close(promise: nil) }
    context.eventLoop.scheduleTask(in: .seconds(2)) { channel.close(promise: nil) }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    check?.cancel()
    check = nil
  }

  func channelInactive(context: ChannelHandlerContext) {
    check?.cancel()
    check = nil
    began = nil
    context.fireChannelInactive()
  }
}
