/// The API described in OpenAPI 3.1, served at `/openapi.yaml`. A copy of `docs/openapi.yaml`;
/// a test keeps the two the same.
public enum OpenAPIDocument {
    /// The document's text.
    public static let yaml = #"""
        openapi: 3.1.0
        info:
          title: Project Manager sync server
          version: 1.0.0
          description: |
            Clients hold the whole board locally and exchange operations through this server, which
            orders them per board with gap-free sequence numbers from 1. See docs/sync-protocol.md.
        servers:
          - url: http://127.0.0.1:8080
        security:
          - bearer: []
        paths:
          /health:
            get:
              summary: Whether the server is up.
              security: []
              responses:
                "200":
                  description: Up.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [status]
                        properties:
                          status: { type: string, const: ok }
          /openapi.yaml:
            get:
              summary: This document.
              security: []
              responses:
                "200":
                  description: The OpenAPI document.
                  content:
                    application/yaml:
                      schema: { type: object, description: "This document, an OpenAPI 3.1 mapping." }
          /v1/boards/{board}/operations:
            parameters:
              - $ref: "#/components/parameters/Board"
            post:
              summary: Push a batch of operations.
              description: |
                Idempotent by operation id: operations already on the board are not applied again and
                are answered with the sequence number they already hold. The batch is written in one
                transaction, or not at all.
              requestBody:
                required: true
                content:
                  application/json:
                    schema: { $ref: "#/components/schemas/PushRequest" }
              responses:
                "200":
                  description: The sequence number of each operation, in the order pushed.
                  content:
                    application/json:
                      schema: { $ref: "#/components/schemas/PushResponse" }
                "400": { $ref: "#/components/responses/Error" }
                "401": { $ref: "#/components/responses/Error" }
                "404": { $ref: "#/components/responses/Error" }
                "413": { $ref: "#/components/responses/Error" }
                "422": { $ref: "#/components/responses/Error" }
            get:
              summary: Pull the operations after a cursor, in server order.
              parameters:
                - name: after
                  in: query
                  description: The last sequence number the client holds (0 for none).
                  schema: { type: integer, format: int64, minimum: 0, default: 0 }
                - name: limit
                  in: query
                  description: The most operations to answer.
                  schema: { type: integer, minimum: 1, maximum: 1000, default: 1000 }
              responses:
                "200":
                  description: One page.
                  content:
                    application/json:
                      schema: { $ref: "#/components/schemas/OperationPage" }
                "400": { $ref: "#/components/responses/Error" }
                "401": { $ref: "#/components/responses/Error" }
                "404": { $ref: "#/components/responses/Error" }
          /v1/boards/{board}/projects:
            parameters:
              - $ref: "#/components/parameters/Board"
            get:
              summary: The board's current cards and the sequence number they reflect.
              responses:
                "200":
                  description: The snapshot.
                  content:
                    application/json:
                      schema: { $ref: "#/components/schemas/BoardSnapshot" }
                "401": { $ref: "#/components/responses/Error" }
                "404": { $ref: "#/components/responses/Error" }
          /v1/boards/{board}/live:
            parameters:
              - $ref: "#/components/parameters/Board"
            get:
              summary: A WebSocket that announces the board's head.
              description: >-
                Send the request with "Connection: Upgrade" and "Upgrade: websocket". Once open, the
                server sends a text message {"head": N} (a LiveFrame) at once and again whenever
                operations land on the board through any server process; heads only rise, and a slow
                reader may skip to the newest. The client sends nothing but pings and its close, and
                pulls over HTTP when a head passes its cursor. A request without the upgrade answers 426.
              responses:
                "101":
                  description: Switched to the WebSocket protocol; frames are LiveFrame objects in JSON.
                "401": { $ref: "#/components/responses/Error" }
                "404": { $ref: "#/components/responses/Error" }
                "426": { $ref: "#/components/responses/Error" }
        components:
          securitySchemes:
            bearer:
              type: http
              scheme: bearer
          parameters:
            Board:
              name: board
              in: path
              required: true
              description: A board the token's user is a member of; any other board answers 404.
              schema: { type: string }
          responses:
            Error:
              description: A refused request; nothing was written.
              content:
                application/json:
                  schema: { $ref: "#/components/schemas/ErrorBody" }
          schemas:
            ErrorBody:
              type: object
              required: [error]
              properties:
                error:
                  type: object
                  required: [code, message]
                  properties:
                    code: { type: string, description: "e.g. unauthorized, boardNotFound, invalidJSON, titleLength" }
                    message: { type: string }
            Timestamp:
              type: object
              required: [wallTime, counter, device]
              properties:
                wallTime: { type: integer, format: int64, minimum: 0, maximum: 253402300799999, description: "Milliseconds since 1970, up to 9999-12-31." }
                counter: { type: integer, minimum: 0, maximum: 4294967295 }
                device: { type: string, format: uuid }
            Fields:
              type: object
              description: The fields an operation sets; at least one.
              minProperties: 1
              properties:
                title:
                  type: string
                  minLength: 1
                  maxLength: 100
                  description: One line, without surrounding spaces.
                  pattern: "^\\S([^\\n\\r\\v\\f\\u0085\\u2028\\u2029]*\\S)?$"
                description:
                  type: string
                  maxLength: 1000
                  description: Without surrounding spaces or blank lines.
                  pattern: "^(\\S([\\s\\S]*\\S)?)?$"
                deadline: { type: string, format: date }
                status: { type: string, enum: [todo, doing, done] }
                deleted: { type: boolean }
            Operation:
              type: object
              required: [id, projectId, timestamp, fields]
              properties:
                id: { type: string, format: uuid }
                projectId: { type: string, format: uuid }
                timestamp: { $ref: "#/components/schemas/Timestamp" }
                fields: { $ref: "#/components/schemas/Fields" }
            PushRequest:
              type: object
              required: [operations]
              properties:
                operations:
                  type: array
                  maxItems: 1000
                  items: { $ref: "#/components/schemas/Operation" }
            PushResponse:
              type: object
              required: [results]
              properties:
                results:
                  type: array
                  items:
                    type: object
                    required: [id, seq]
                    properties:
                      id: { type: string, format: uuid }
                      seq: { type: integer, format: int64, minimum: 1 }
            OperationPage:
              type: object
              required: [operations, next, head]
              properties:
                operations:
                  type: array
                  items:
                    type: object
                    required: [seq, operation]
                    properties:
                      seq: { type: integer, format: int64, minimum: 1 }
                      operation: { $ref: "#/components/schemas/Operation" }
                next: { type: integer, format: int64, description: "The cursor to pull with next." }
                head: { type: integer, format: int64, description: "The board's latest sequence number." }
            LiveFrame:
              type: object
              required: [head]
              properties:
                head: { type: integer, format: int64, minimum: 0, description: "The board's latest sequence number." }
            BoardSnapshot:
              type: object
              required: [seq, projects]
              properties:
                seq: { type: integer, format: int64, minimum: 0 }
                projects:
                  type: array
                  items:
                    type: object
                    required: [id, title, description, deadline, status, createdAt, updatedAt, clocks]
                    properties:
                      id: { type: string, format: uuid }
                      title: { type: string }
                      description: { type: string }
                      deadline: { type: string, format: date }
                      status: { type: string, enum: [todo, doing, done] }
                      createdAt: { type: integer, format: int64, description: "Milliseconds since 1970." }
                      updatedAt: { type: integer, format: int64, description: "Milliseconds since 1970." }
                      clocks:
                        type: object
                        description: The clock of the write that set each field; a field never written (shown with its default) has none.
                        required: [title]
                        properties:
                          title: { $ref: "#/components/schemas/Timestamp" }
                          description: { $ref: "#/components/schemas/Timestamp" }
                          deadline: { $ref: "#/components/schemas/Timestamp" }
                          status: { $ref: "#/components/schemas/Timestamp" }

        """#
}
