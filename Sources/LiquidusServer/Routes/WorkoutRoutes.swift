import Foundation
import Hummingbird
import LiquidusModel
import LiquidusPresentation
import LiquidusUseCases

/// `POST /api/workouts`: a workout from a phone (a Shortcut after a run), as `log-workout`
/// records it, with the goal of its day after it.
///
/// No `Idempotency-Key`: a workout sent twice is listed twice, but a day's exercise is the time
/// its workouts cover, so the goal counts it once.
struct WorkoutRoutes {
  let runner: CallRunner

  func add(to group: RouterGroup<APIRequestContext>) {
    group.post("workouts") { request, context in try await log(request, context) }
  }

  private func log(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    _ = try context.requireToken()
    var request = request
    let body = try await request.decodeJSON(as: WorkoutBody.self)
    try body.checkLengths()
    let answer = try await runner.writing { call in
      let view = try LogWorkout().run(
        .init(duration: body.duration, at: body.at.map(TimeInput.text), activity: body.activity),
        in: call)
      return WorkoutAnswer(view: view, timeZone: call.calendar.timeZone)
    }
    return try JSONResponse.make(answer, status: .created)
  }
}

/// A workout as JSON: `{"duration": "45min", "at": "07:30", "activity": "running"}`.
struct WorkoutBody: Decodable {
  var duration: String
  var at: String?
  var activity: String?

  /// Bounded text, as a drink's.
  func checkLengths() throws {
    for (field, value) in [("duration", duration), ("at", at), ("activity", activity)] {
      if let value, value.count > 1_000 {
        throw Problem(.unprocessableContent, "The \(field) is longer than 1,000 characters.")
      }
    }
  }
}

/// A logged workout, and its day's goal with the water the day's exercise added.
struct WorkoutAnswer: Encodable, Sendable {
  struct Logged: Encodable, Sendable {
    var id: Int64
    var uid: String
    var start: String
    var minutes: Double
    var activity: String
  }

  var workout: Logged
  /// The day's goal (or limit), its exercise's water included, in millilitres.
  var goal: Double
  var goalKind: String
  /// The water the day's exercise added to `goal`; 0 without a rate (or under a limit).
  var extra: Double

  init(view: LogWorkout.View, timeZone: TimeZone) {
    let volume = MachineVolume()
    workout = Logged(
      id: view.workout.id?.rawValue ?? 0, uid: view.workout.uid ?? "",
      start: ClockText.iso8601(view.workout.start, timeZone: timeZone),
      minutes: view.workout.minutes, activity: view.workout.activity)
    goal = volume.value(view.target.amount)
    goalKind = view.target.kind.rawValue
    extra = volume.value(view.target.exercise?.extra ?? .zero)
  }
}
