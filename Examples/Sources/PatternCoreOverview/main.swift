// snippet
import PatternCore

var builder = RouteTableBuilder()
builder.add(RoutePattern(path: [.literal("profile"), .capture(name: "id", type: .int)]))
let table = builder.build()
let match = table.firstMatch(try ParsedURL("myapp://profile/42").routingInput)
let id = match?.captures["id"]   // .int(42)
// end snippet

precondition(id == .int(42))
print("PatternCoreOverview: ok")
