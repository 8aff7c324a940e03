import PMServerPostgres
import PostgresNIO
import Testing

/// libpq's URL form, read without a server: one host as before, a comma-separated list of a
/// cluster's nodes, and a refusal that names the rule for each kind of mistake.
struct PostgresURLTests {
    @Test func aSingleHostURLReadsAsBefore() throws {
        let url = try PostgresURL("postgres://pm:secret@db.example:6543/pm?sslmode=disable")
        #expect(url.hosts == [PostgresURL.Host(name: "db.example", port: 6543)])
        #expect(url.username == "pm")
        #expect(url.password == "secret")
        #expect(url.database == "pm")
        #expect(url.sslMode == "disable")
    }

    @Test func aListOfHostsKeepsItsOrderAndDefaultPorts() throws {
        let url = try PostgresURL(
            "postgresql://pm:s%40cret@h1:5432,h2,[::1]:5434/pm?target_session_attrs=read-write")
        #expect(url.hosts.map(\.description) == ["h1:5432", "h2:5432", "[::1]:5434"])
        #expect(url.password == "s@cret", "percent-encoded, as libpq reads it")
        #expect(url.redacted == "postgres://pm:***@h1:5432,h2:5432,[::1]:5434/pm")
    }

    @Test func noDatabaseAndNoPasswordAreAllowed() throws {
        let url = try PostgresURL("postgres://pm@h1,h2")
        #expect(url.database == nil)
        #expect(url.password == nil)
        #expect(url.hosts.count == 2)
    }

    @Test(arguments: [
        ("mysql://pm@h/pm", "must begin with postgres://"),
        ("postgres://h1:5432/pm", "must name a user"),
        ("postgres://pm@h1,,h3/pm", "each host of the comma-separated list must be named"),
        ("postgres://pm@h1:5432,/pm", "each host of the comma-separated list must be named"),
        ("postgres://pm:pw@h1:99999/pm", "a port must be a number from 1 to 65535"),
        ("postgres://pm:pw@h1:54x2,h2/pm", "a port must be a number from 1 to 65535"),
        ("postgres://pm@[::1/pm", "an IPv6 host must end with ]"),
        ("postgres://pm@h1,h2/pm?target_session_attrs=read-only", "target_session_attrs must be read-write"),
        ("postgres://pm@h1/pm?sslmode=verify-full", "sslmode must be disable, prefer or require"),
    ])
    func aMalformedURLIsRefusedNamingTheRule(url: String, rule: String) {
        let error = #expect(throws: PostgresURLError.self) { try PostgresURL(url) }
        #expect(error?.description.contains(rule) == true, "\(error?.description ?? "")")
        #expect(error?.description.contains("pw") != true, "the password is hidden")
    }

    @Test func aSingleClientRefusesAListOfHostsThatValidatesAsAURL() throws {
        try PostgresSyncRepository.validate(url: "postgres://pm@h1,h2/pm")
        #expect(throws: PostgresURLError.self) { try PostgresClient.Configuration(url: "postgres://pm@h1,h2/pm") }
    }
}
