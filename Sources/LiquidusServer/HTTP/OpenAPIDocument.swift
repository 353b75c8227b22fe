/// The API described as OpenAPI 3.1, served at `GET /api/openapi.json`; `OpenAPITests` checks
/// it against the server's real answers, and schemathesis (in the tests) against the server.
///
/// Written by hand rather than generated: the routes call the same use cases as the command
/// line, and the document says what a client may rely on.
enum OpenAPIDocument {
  static let json = #"""
    {
      "openapi": "3.1.0",
      "info": {
        "title": "Liquidus",
        "version": "1",
        "description": "Log drinks and read today's intake from a phone, a widget, Siri Shortcuts, an NFC tag or Home Assistant. Every request needs 'Authorization: Bearer TOKEN' (make one with 'liquidus serve token add NAME'). Amounts are millilitres to 0.01 mL, instants ISO 8601 with the server's offset. Errors are RFC 9457 problem documents."
      },
      "servers": [{"url": "/"}],
      "security": [{"bearer": []}],
      "paths": {
        "/api/drinks": {
          "post": {
            "summary": "Log a drink",
            "parameters": [{"$ref": "#/components/parameters/IdempotencyKey"}],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/NewDrink"}}}},
            "responses": {
              "201": {"description": "Logged (or, for a repeated Idempotency-Key, the entry logged the first time)", "content": {"application/json": {"schema": {"anyOf": [{"$ref": "#/components/schemas/Logged"}, {"$ref": "#/components/schemas/EntryAnswer"}]}}}},
              "400": {"$ref": "#/components/responses/Problem"},
              "401": {"$ref": "#/components/responses/Problem"},
              "403": {"$ref": "#/components/responses/Problem"},
              "409": {"$ref": "#/components/responses/Problem"},
              "413": {"$ref": "#/components/responses/Problem"},
              "422": {"$ref": "#/components/responses/Problem"},
              "429": {"$ref": "#/components/responses/Problem"}
            }
          },
          "get": {
            "summary": "The entries of a period",
            "parameters": [
              {"$ref": "#/components/parameters/Period"}, {"$ref": "#/components/parameters/From"},
              {"$ref": "#/components/parameters/To"}, {"$ref": "#/components/parameters/Type"}
            ],
            "responses": {
              "200": {"description": "The entries, oldest first", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/EntryList"}}}},
              "400": {"$ref": "#/components/responses/Problem"},
              "401": {"$ref": "#/components/responses/Problem"},
              "422": {"$ref": "#/components/responses/Problem"},
              "429": {"$ref": "#/components/responses/Problem"}
            }
          }
        },
        "/api/drinks/{uid}": {
          "parameters": [{"name": "uid", "in": "path", "required": true, "schema": {"type": "string", "maxLength": 200}}],
          "patch": {
            "summary": "Change an entry",
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/DrinkChange"}}}},
            "responses": {
              "200": {"description": "The entry as it is now", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/EntryAnswer"}}}},
              "400": {"$ref": "#/components/responses/Problem"},
              "401": {"$ref": "#/components/responses/Problem"},
              "403": {"$ref": "#/components/responses/Problem"},
              "404": {"$ref": "#/components/responses/Problem"},
              "413": {"$ref": "#/components/responses/Problem"},
              "422": {"$ref": "#/components/responses/Problem"},
              "429": {"$ref": "#/components/responses/Problem"}
            }
          },
          "delete": {
            "summary": "Delete an entry",
            "responses": {
              "200": {"description": "The entry removed", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/EntryAnswer"}}}},
              "401": {"$ref": "#/components/responses/Problem"},
              "403": {"$ref": "#/components/responses/Problem"},
              "404": {"$ref": "#/components/responses/Problem"},
              "429": {"$ref": "#/components/responses/Problem"}
            }
          }
        },
        "/api/workouts": {
          "post": {
            "summary": "Record a workout, as 'liquidus log-workout'; it raises its day's goal once 'liquidus goal --per-workout' is set",
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/NewWorkout"}}}},
            "responses": {
              "201": {"description": "Recorded, with its day's goal", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/WorkoutAnswer"}}}},
              "400": {"$ref": "#/components/responses/Problem"},
              "401": {"$ref": "#/components/responses/Problem"},
              "403": {"$ref": "#/components/responses/Problem"},
              "413": {"$ref": "#/components/responses/Problem"},
              "422": {"$ref": "#/components/responses/Problem"},
              "429": {"$ref": "#/components/responses/Problem"}
            }
          }
        },
        "/api/undo": {
          "post": {
            "summary": "Remove the latest drink this token logged",
            "responses": {
              "200": {"description": "The entry removed", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/EntryAnswer"}}}},
              "401": {"$ref": "#/components/responses/Problem"},
              "403": {"$ref": "#/components/responses/Problem"},
              "409": {"$ref": "#/components/responses/Problem"},
              "429": {"$ref": "#/components/responses/Problem"}
            }
          }
        },
        "/api/status": {
          "get": {
            "summary": "Today at a glance, as 'liquidus status --format json'",
            "responses": {
              "200": {"description": "Today", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Status"}}}},
              "401": {"$ref": "#/components/responses/Problem"},
              "429": {"$ref": "#/components/responses/Problem"}
            }
          }
        },
        "/api/due": {
          "get": {
            "summary": "When the next drink is due, as 'liquidus due --format json'",
            "responses": {
              "200": {"description": "The reminder state", "content": {"application/json": {"schema": {"type": "object"}}}},
              "401": {"$ref": "#/components/responses/Problem"},
              "429": {"$ref": "#/components/responses/Problem"}
            }
          }
        },
        "/api/caffeine": {
          "get": {
            "summary": "Caffeine by day, as 'liquidus caffeine --format json'",
            "parameters": [{"$ref": "#/components/parameters/Period"}, {"$ref": "#/components/parameters/From"}, {"$ref": "#/components/parameters/To"}],
            "responses": {
              "200": {"description": "The caffeine report", "content": {"application/json": {"schema": {"type": "object"}}}},
              "400": {"$ref": "#/components/responses/Problem"},
              "401": {"$ref": "#/components/responses/Problem"},
              "429": {"$ref": "#/components/responses/Problem"}
            }
          }
        },
        "/api/summary": {
          "get": {
            "summary": "Intake for a period, as 'liquidus summary --format json'",
            "parameters": [
              {"$ref": "#/components/parameters/Period"}, {"$ref": "#/components/parameters/From"},
              {"$ref": "#/components/parameters/To"}, {"$ref": "#/components/parameters/Type"}
            ],
            "responses": {
              "200": {"description": "The summary", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Summary"}}}},
              "400": {"$ref": "#/components/responses/Problem"},
              "401": {"$ref": "#/components/responses/Problem"},
              "422": {"$ref": "#/components/responses/Problem"},
              "429": {"$ref": "#/components/responses/Problem"}
            }
          }
        },
        "/api/types": {
          "get": {
            "summary": "The drink types, as 'liquidus types --format json'",
            "responses": {
              "200": {"description": "The types in order", "content": {"application/json": {"schema": {"type": "array", "items": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}}}}},
              "401": {"$ref": "#/components/responses/Problem"},
              "429": {"$ref": "#/components/responses/Problem"}
            }
          }
        },
        "/api/events": {
          "get": {
            "summary": "Server-Sent Events: a 'status' event (data: the Status JSON) now and whenever the database changes",
            "responses": {
              "200": {"description": "An event stream", "content": {"text/event-stream": {"schema": {"type": "string"}}}},
              "401": {"$ref": "#/components/responses/Problem"},
              "429": {"$ref": "#/components/responses/Problem"},
              "503": {"$ref": "#/components/responses/Problem"}
            }
          }
        }
      },
      "components": {
        "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
        "parameters": {
          "IdempotencyKey": {"name": "Idempotency-Key", "in": "header", "required": false, "description": "Any 1 to 200 printable ASCII characters; a retry with the same key returns the first entry instead of logging again.", "schema": {"type": "string", "minLength": 1, "maxLength": 200, "pattern": "^[!-~]+$"}},
          "Period": {"name": "period", "in": "query", "required": false, "description": "A period expression as the command line takes it: today, yesterday, week, last-week, month, 2026-11, 2026-H2, 2026, week:2026-11-20, all.", "schema": {"type": "string", "maxLength": 100}},
          "From": {"name": "from", "in": "query", "required": false, "description": "The first day of a range (YYYY-MM-DD), with 'to'.", "schema": {"type": "string", "maxLength": 100}},
          "To": {"name": "to", "in": "query", "required": false, "description": "The last day of a range, inclusive.", "schema": {"type": "string", "maxLength": 100}},
          "Type": {"name": "type", "in": "query", "required": false, "description": "Only this drink type (repeatable).", "schema": {"type": "string", "maxLength": 100}}
        },
        "responses": {
          "Problem": {"description": "An RFC 9457 problem document", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}
        },
        "schemas": {
          "Problem": {
            "type": "object", "required": ["type", "status", "title", "detail"],
            "properties": {"type": {"type": "string"}, "status": {"type": "integer"}, "title": {"type": "string"}, "detail": {"type": "string"}}
          },
          "NewWorkout": {
            "type": "object", "required": ["duration"],
            "properties": {
              "duration": {"type": "string", "description": "45min, 1h, 1h30m, 1:30 or 90 (minutes); from a minute to 24 hours", "examples": ["45min"]},
              "at": {"type": "string", "description": "When it began: 07:30, yesterday 18:00, or ISO 8601; default its duration ago. It must have ended."},
              "activity": {"type": "string", "description": "What it was, e.g. running; default workout"}
            }
          },
          "WorkoutAnswer": {
            "type": "object", "required": ["workout", "goal", "goalKind", "extra"],
            "properties": {
              "workout": {
                "type": "object", "required": ["id", "uid", "start", "minutes", "activity"],
                "properties": {"id": {"type": "integer"}, "uid": {"type": "string"}, "start": {"type": "string"}, "minutes": {"type": "number"}, "activity": {"type": "string"}}
              },
              "goal": {"type": "number", "description": "The day's goal or limit, its exercise's water included"},
              "goalKind": {"type": "string", "enum": ["goal", "limit"]},
              "extra": {"type": "number", "description": "The water the day's exercise added to goal"}
            }
          },
          "NewDrink": {
            "type": "object", "required": ["drink"],
            "properties": {
              "drink": {"type": "string", "description": "A drink type's name, in any case", "examples": ["water"]},
              "amount": {"type": "string", "description": "As typed: 250ml, 0.5l, 8 fl oz, 1 cup", "examples": ["250ml"]},
              "amountMl": {"type": "number", "description": "Millilitres, instead of amount"},
              "serving": {"type": "string", "description": "A serving's name (mug, glass, bottle, can, or your own), instead of amount; with no amount at all, the drink's usual serving"},
              "at": {"type": "string", "description": "When: 07:30, yesterday 21:00, 15m ago, or ISO 8601; default now"},
              "note": {"type": "string"},
              "caffeineMg": {"type": "number", "description": "The drink's own caffeine; default its type's content times the amount"},
              "force": {"type": "boolean", "description": "Accept more than 5 L (up to 20 L)"}
            }
          },
          "DrinkChange": {
            "type": "object",
            "properties": {
              "drink": {"type": "string"}, "amount": {"type": "string"}, "amountMl": {"type": "number"},
              "at": {"type": "string"}, "note": {"type": "string", "description": "An empty note removes it"},
              "caffeineMg": {"type": "number"}, "force": {"type": "boolean"}
            }
          },
          "Entry": {
            "type": "object", "required": ["date", "drink", "amount", "unit", "note", "source", "caffeineMg", "uid", "modifiedAt", "importKey"],
            "description": "One entry, as 'liquidus export --format json' writes it",
            "properties": {
              "date": {"type": "string", "description": "ISO 8601 with offset"}, "drink": {"type": "string"},
              "amount": {"type": "number", "description": "Millilitres"}, "unit": {"const": "mL"},
              "note": {"type": ["string", "null"]}, "source": {"type": "string"}, "caffeineMg": {"type": "number"},
              "uid": {"type": ["string", "null"]}, "modifiedAt": {"type": ["string", "null"]}, "importKey": {"type": ["string", "null"]}
            }
          },
          "EntryAnswer": {"type": "object", "required": ["entry"], "properties": {"entry": {"$ref": "#/components/schemas/Entry"}}},
          "Logged": {
            "type": "object", "required": ["entry", "day"],
            "properties": {
              "entry": {"$ref": "#/components/schemas/Entry"},
              "day": {
                "type": "object", "required": ["date", "unit", "total", "hydration", "goal", "percent", "remaining", "goalMet", "caffeineMg"],
                "properties": {
                  "date": {"type": "string"}, "unit": {"const": "mL"}, "total": {"type": "number"}, "hydration": {"type": "number"},
                  "goal": {"type": "number"}, "percent": {"type": "integer"}, "remaining": {"type": "number"},
                  "goalMet": {"type": "boolean"}, "caffeineMg": {"type": "number"}
                }
              }
            }
          },
          "EntryList": {
            "type": "object", "required": ["period", "entries", "leftOut"],
            "properties": {"period": {"type": "string"}, "entries": {"type": "array", "items": {"$ref": "#/components/schemas/Entry"}}, "leftOut": {"type": "integer"}}
          },
          "Status": {
            "type": "object", "required": ["date", "unit", "total", "goal", "percent", "goalMet", "remaining", "byType", "hydration", "caffeineTodayMg", "caffeineInBodyMg"],
            "properties": {
              "date": {"type": "string"}, "unit": {"type": "string"}, "total": {"type": "number"}, "goal": {"type": "number"},
              "percent": {"type": "integer"}, "goalMet": {"type": "boolean"}, "remaining": {"type": "number"},
              "byType": {"type": "array", "items": {"type": "object", "required": ["type", "total"], "properties": {"type": {"type": "string"}, "total": {"type": "number"}}}},
              "hydration": {"type": "number"}, "caffeineTodayMg": {"type": "number"}, "caffeineInBodyMg": {"type": "number"},
              "goalKind": {"type": "string", "enum": ["goal", "limit"]},
              "exercise": {
                "type": "object", "required": ["minutes", "activities", "extra"],
                "description": "The day's workouts and the millilitres they added to goal (included in it); absent unless a goal with a per-workout rate raised the day's.",
                "properties": {"minutes": {"type": "number"}, "activities": {"type": "array", "items": {"type": "string"}}, "extra": {"type": "number"}}
              }
            }
          },
          "Summary": {
            "type": "object", "required": ["period", "unit", "goal", "total", "buckets", "byType"],
            "properties": {"period": {"type": "object"}, "unit": {"type": "string"}, "goal": {"type": "number"}, "total": {"type": "number"}, "buckets": {"type": "array"}, "byType": {"type": "array"}}
          }
        }
      }
    }
    """#
}
