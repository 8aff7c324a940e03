/// Deadline notifications by Web Push, as additions to the server (``ServerAdditions``): the
/// VAPID public key and the subscription routes of ``WebPushController``.
public enum WebPushRoutes {
    /// The routes over `repository`, serving the public half of `keys`; an endpoint must use one
    /// of `endpointSchemes`.
    public static func additions<Repository: PushSubscriptionRepository>(
        repository: Repository, keys: WebPushKeys, endpointSchemes: Set<String> = ["https"]
    ) -> ServerAdditions {
        let controller = WebPushController(
            repository: repository, keys: keys, endpointSchemes: endpointSchemes)
        return ServerAdditions(
            signedInRoutes: [controller.addSignedInRoutes(to:)], boardRoutes: [controller.addBoardRoutes(to:)])
    }
}
