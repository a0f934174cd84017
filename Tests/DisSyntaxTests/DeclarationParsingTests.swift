import DisSyntax
import Testing

@Suite("Declarations")
struct DeclarationParsingTests {
  static let cases: [(String, ClassDeclaration)] = [
    ("class ConsoleLogger", ClassDeclaration(name: "ConsoleLogger")),
    ("class ConsoleLogger: Logger", ClassDeclaration(name: "ConsoleLogger", conformances: ["Logger"])),
    ("class Both: Logger, Tracer", ClassDeclaration(name: "Both", conformances: ["Logger", "Tracer"])),
    ("class Empty()", ClassDeclaration(name: "Empty", parameters: [])),
    ("class WebService(logger: Logger)",
     ClassDeclaration(name: "WebService", parameters: [Parameter(name: "logger", dependency: .service("Logger"))])),
    ("class C(a: A, b: Provider<B>, c: Analytics?, user: arg String)",
     ClassDeclaration(name: "C", parameters: [
       Parameter(name: "a", dependency: .service("A")), Parameter(name: "b", dependency: .provider("B")),
       Parameter(name: "c", dependency: .optional("Analytics")), Parameter(name: "user", dependency: .argument("String"))])),
    ("class LiveWebService(logger: Logger): WebService",
     ClassDeclaration(name: "LiveWebService", parameters: [Parameter(name: "logger", dependency: .service("Logger"))],
                      conformances: ["WebService"])),
    ("class Channel { var webService: HttpWebService }",
     ClassDeclaration(name: "Channel", properties: [Parameter(name: "webService", dependency: .service("HttpWebService"))])),
    ("class Channel: Sink { var a: A; var b: B? }",
     ClassDeclaration(name: "Channel", conformances: ["Sink"], properties: [
       Parameter(name: "a", dependency: .service("A")), Parameter(name: "b", dependency: .optional("B"))])),
  ]

  @Test("class declarations", arguments: cases)
  func classDeclaration(source: String, declaration: ClassDeclaration) {
    #expect(parseSingleEntry(source)?.command == .declareClass(declaration))
    #expect(declaration.description == String(source.dropFirst("class ".count)))
  }

  @Test func assemblyOverSeveralLines() {
    let text = """
      assembly Networking {   # opens here
        register Logger = ConsoleLogger   # console
        # the service
        register WebService = LiveWebService scope=graph
      } # closes
        + assembly Networking (2 registrations)

      """
    let entry = parseSingleEntry(text)
    let expected = Assembly(name: "Networking", members: [
      .comment(" opens here"),
      .registration(Registration(service: "Logger", implementation: .type("ConsoleLogger")), comment: " console", lineInBlock: 1),
      .comment(" the service"),
      .registration(
        Registration(service: "WebService", implementation: .type("LiveWebService"), scope: .graph), comment: nil,
        lineInBlock: 3),
    ])
    // Each member knows the line of the block it is on: where its registrations say they were made.
    #expect(entry?.command == .assembly(expected))
    #expect(entry?.comment == " closes")
    #expect(entry?.expectedOutput == ExpectedBlock(lines: ["+ assembly Networking (2 registrations)"], firstLine: 6))
  }

  @Test func assemblyOnOneLine() {
    let entry = parseSingleEntry("assembly A { register X; register Y = Z }")
    #expect(entry?.command == .assembly(Assembly(name: "A", members: [
      .registration(Registration(service: "X"), comment: nil),
      .registration(Registration(service: "Y", implementation: .type("Z")), comment: nil),
    ])))
  }
}
