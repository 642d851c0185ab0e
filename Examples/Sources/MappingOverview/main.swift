// snippet
import MappingRouter

struct UserController: RouteTarget {
  let id: String
  init(parameters: MappingParameters) throws { id = try parameters.string("id") }
}

struct UserActions: ActionTarget {
  static func perform(with parameters: MappingParameters) throws { /* log out */ }
}

let userMapping = MappingInfo(group: "user", maps: [
  .route("/info?{*id/userId}&{*name/nickname}&{*age}", target: UserController.self, remark: "user info"),
  .action("/logout", target: UserActions.self, remark: "user logout action"),
])
let router = try MappingInfoRouter.load(mappingInfo: userMapping)

let opened = router.open("native://user/info?userId=10086&nickname=PartyMan&age=18")
// .route(UserController(id: "10086"), map)
let failed = router.open("native://user/info?id=10086")
// .failed(.missingParameters(...)): "Missing params: `name` or `nickname` and `age`, ..."
let link = router.url(for: UserController.self, parameters: ["id": 1, "name": "a", "age": 3])
// native://user/info?id=1&name=a&age=3
// end snippet

guard case .route(let target, _) = opened, (target as? UserController)?.id == "10086" else {
  fatalError("MappingOverview: expected the user route")
}
guard case .failed(.missingParameters(let error)) = failed else {
  fatalError("MappingOverview: expected missing parameters")
}
precondition(error.message.hasPrefix("Missing params: `name` or `nickname` and `age`,"))
precondition(link?.absoluteString == "native://user/info?id=1&name=a&age=3")
print("MappingOverview: ok")
