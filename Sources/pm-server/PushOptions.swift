import ArgumentParser
import Foundation
import Logging
import PMDomain
import PMServer
import PMWebPush

/// The settings of deadline notifications by Web Push, shared by `serve` and `remind`.
struct PushOptions: ParsableArguments {
    @Option(
        help: """
            Who runs this server, for the browsers' push services to contact: a mailto: or https: URL \
            (default: --public-url, else mailto:pm-server@localhost, which Apple's push service refuses).
            """)
    var pushContact: String?
    @Option(
        help: """
            The time zone deadlines are read in for a browser that sent none, such as Asia/Seoul \
            (default: the server's, TZ). A card is announced at 09:00 on its deadline.
            """)
    var pushTimeZone: String?
    @Option(
        help: "URL schemes a push endpoint may use, comma-separated (add http only for a test's push service).")
    var pushEndpointSchemes = "https"

    func validate() throws {
        if let pushContact, !(pushContact.hasPrefix("mailto:") || pushContact.hasPrefix("https://")) {
            throw ValidationError("--push-contact must be a mailto: or https:// URL, got \(pushContact)")
        }
        if let pushTimeZone, TimeZone(identifier: pushTimeZone) == nil {
            throw ValidationError(
                "--push-time-zone must be an IANA time zone name such as Asia/Seoul, got \(pushTimeZone)")
        }
        guard !schemes.isEmpty, schemes.isSubset(of: ["https", "http"]) else {
            throw ValidationError("--push-endpoint-schemes must be https, http or both, got \(pushEndpointSchemes)")
        }
    }

    /// The schemes allowed, lowercased.
    var schemes: Set<String> {
        Set(pushEndpointSchemes.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
    }

    /// The rounds of deadline notifications over `repository` and its `keys`, sent through the
    /// live push services; `publicURL` is the contact when none is set.
    func pushes<Repository: PushSubscriptionRepository>(
        repository: Repository, keys: WebPushKeys, publicURL: String?, startUp: StartUp, logger: Logger
    ) -> DeadlinePushes<Repository> {
        let sender = WebPushSender(
            keys: keys, subject: pushContact ?? publicURL ?? "mailto:pm-server@localhost", clock: startUp.clock,
            now: startUp.now, random: startUp.random)
        return DeadlinePushes(
            repository: repository, delivery: sender, now: startUp.now,
            defaultTimeZone: pushTimeZone.flatMap(TimeZone.init(identifier:)) ?? startUp.environment.timeZone,
            logger: logger)
    }
}
