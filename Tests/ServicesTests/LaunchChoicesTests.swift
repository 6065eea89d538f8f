import Foundation
import Services
import Testing

/// A flag beats an environment variable, which beats the config file.
struct LaunchChoicesTests {
    private let noFlags = LaunchChoices.Flags(tab: nil, noColor: false, peopleAPI: nil)
    private let file = try! ConfigFile.parse(
        """
        tab = "people"
        color = false
        [weather]
        unit = "celsius"
        [tmdb]
        api_key = "file-key"
        [weatherbit]
        api_key = "file-weatherbit"
        [people]
        sort = "first"
        url = "https://dav.example.org/"
        user = "file-user"
        password = "file-password"
        """, path: "/c.toml")

    @Test func theFileAloneDecides() throws {
        let choices = try LaunchChoices(flags: noFlags, environment: [:], file: file)
        #expect(choices.tab == "people")
        #expect(!choices.useColor)
        #expect(choices.unit == "celsius")
        #expect(choices.peopleSort == "first")
        #expect(choices.serviceKeys == ["TMDB_API_KEY": "file-key", "WEATHERBIT_API_KEY": "file-weatherbit"])
        #expect(choices.peopleServer == URL(string: "https://dav.example.org/"))
        #expect(choices.peopleCredentials == HTTPCredentials(user: "file-user", password: "file-password"))
    }

    @Test func theEnvironmentBeatsTheFile() throws {
        let environment = [
            "TMDB_API_KEY": "env-key", "WEATHERBIT_API_KEY": " ", "MVVM_TUI_PEOPLE_API": "http://127.0.0.1:5232/",
            "MVVM_TUI_PEOPLE_USER": "env-user", "MVVM_TUI_PEOPLE_PASSWORD": "env-password",
        ]
        let choices = try LaunchChoices(flags: noFlags, environment: environment, file: file)
        #expect(choices.serviceKeys == ["TMDB_API_KEY": "env-key", "WEATHERBIT_API_KEY": "file-weatherbit"])
        #expect(choices.peopleServer == URL(string: "http://127.0.0.1:5232/"))
        #expect(choices.peopleCredentials == HTTPCredentials(user: "env-user", password: "env-password"))
    }

    @Test func openMeteoServersComeFromTheEnvironmentThenTheFileElseThePublicAPI() throws {
        let none = try LaunchChoices(flags: noFlags, environment: [:], file: file)
        #expect(none.openMeteoForecastBase == "https://api.open-meteo.com")
        #expect(none.openMeteoGeocodingBase == "https://geocoding-api.open-meteo.com")
        let own = ConfigFile(
            path: "/c.toml",
            settings: [
                "open_meteo.url": "https://weather.example.org/",
                "open_meteo.geocoding_url": "https://places.example.org/om",
            ])
        let fromFile = try LaunchChoices(flags: noFlags, environment: [:], file: own)
        #expect(fromFile.openMeteoForecastBase == "https://weather.example.org")
        #expect(fromFile.openMeteoGeocodingBase == "https://places.example.org/om")
        let fromEnvironment = try LaunchChoices(
            flags: noFlags, environment: ["MVVM_TUI_OPEN_METEO_URL": " http://127.0.0.1:8080// "],
            file: own)
        #expect(fromEnvironment.openMeteoForecastBase == "http://127.0.0.1:8080")
        #expect(fromEnvironment.openMeteoGeocodingBase == "https://places.example.org/om")
    }

    @Test(arguments: [
        "ftp://weather.example.org", "weather.example.org", "https://", "https://weather.example.org/?key=1",
        "https://ada:secret@weather.example.org",
    ])
    func anOpenMeteoServerThatIsNotAnHTTPURLIsRefusedNamingWhereItWasSet(text: String) {
        #expect(throws: LaunchChoices.Invalid.self) {
            try LaunchChoices(flags: noFlags, environment: ["MVVM_TUI_OPEN_METEO_GEOCODING_URL": text], file: file)
        }
        let bad = ConfigFile(path: "/c.toml", settings: ["open_meteo.url": text])
        #expect(throws: ConfigFile.Problem.self) { try LaunchChoices(flags: noFlags, environment: [:], file: bad) }
    }

    @Test(
        arguments: [
            ([:], "fahrenheit"), (["LANG": "C.UTF-8"], "fahrenheit"), (["LANG": "POSIX"], "fahrenheit"),
            (["LANG": "en_US.UTF-8"], "fahrenheit"), (["LANG": "en_LR.UTF-8"], "fahrenheit"), (["LANG": "my_MM"], "fahrenheit"),
            (["LANG": "es_US.UTF-8"], "fahrenheit"), (["LANG": "haw_US"], "fahrenheit"),
            (["LANG": "en_GB.UTF-8"], "celsius"), (["LANG": "fr_FR.UTF-8@euro"], "celsius"), (["LANG": "ja_JP.UTF-8"], "celsius"),
            (["LANG": "en_US.UTF-8", "LC_MEASUREMENT": "de_DE.UTF-8"], "celsius"),
            (["LANG": "de_DE.UTF-8", "LC_MEASUREMENT": "en_US.UTF-8"], "fahrenheit"),
            (["LC_ALL": "C", "LC_MEASUREMENT": "de_DE.UTF-8"], "fahrenheit"),
            (["LC_ALL": "", "LC_MEASUREMENT": "", "LANG": "de_DE.UTF-8"], "celsius"),
        ] as [([String: String], String)])
    func theUnitFollowsTheLocaleUnlessTheFileSetsIt(environment: [String: String], unit: String) throws {
        let empty = ConfigFile(path: "/c.toml", settings: [:])
        #expect(try LaunchChoices(flags: noFlags, environment: environment, file: empty).unit == unit)
        let set = ConfigFile(path: "/c.toml", settings: ["weather.unit": "celsius"])
        #expect(try LaunchChoices(flags: noFlags, environment: environment, file: set).unit == "celsius")
    }

    @Test func withoutAPasswordSetTheLoginNetrcKeepsForTheServerIsTaken() throws {
        let netrc = Netrc(text: "machine dav.example.org login ada password from-netrc")
        let server = ["MVVM_TUI_PEOPLE_API": "https://dav.example.org/"]
        #expect(
            try LaunchChoices(
                flags: noFlags, environment: server, file: ConfigFile(path: "/c.toml", settings: [:]),
                netrc: netrc
            ).peopleCredentials == HTTPCredentials(user: "ada", password: "from-netrc"))
        let set = server.merging(["MVVM_TUI_PEOPLE_USER": "ada", "MVVM_TUI_PEOPLE_PASSWORD": "set"]) { $1 }
        #expect(
            try LaunchChoices(
                flags: noFlags, environment: set, file: ConfigFile(path: "/c.toml", settings: [:]),
                netrc: netrc
            ).peopleCredentials == HTTPCredentials(user: "ada", password: "set"))
        let otherUser = server.merging(["MVVM_TUI_PEOPLE_USER": "bob"]) { $1 }
        #expect(
            try LaunchChoices(
                flags: noFlags, environment: otherUser, file: ConfigFile(path: "/c.toml", settings: [:]),
                netrc: netrc
            ).peopleCredentials == HTTPCredentials(user: "bob", password: ""))
    }

    @Test func aFlagBeatsTheEnvironment() throws {
        let flags = LaunchChoices.Flags(tab: "movies", noColor: true, peopleAPI: "http://localhost:8080")
        let choices = try LaunchChoices(
            flags: flags, environment: ["MVVM_TUI_PEOPLE_API": "http://127.0.0.1:5232/"],
            file: ConfigFile(path: "/c.toml", settings: ["color": "true"]))
        #expect(choices.tab == "movies")
        #expect(!choices.useColor)
        #expect(choices.peopleServer == URL(string: "http://localhost:8080"))
    }

    @Test func asciiWithTheFlagOnTheLinuxConsoleOrByTheFileAndColourStaysItsOwn() throws {
        func ascii(_ flag: Bool, term: String?, file: String?, noColor: Bool = false) throws -> LaunchChoices {
            var environment = term.map { ["TERM": $0] } ?? [:]
            if noColor { environment["NO_COLOR"] = "1" }
            return try LaunchChoices(
                flags: .init(tab: nil, noColor: false, peopleAPI: nil, ascii: flag), environment: environment,
                file: ConfigFile(path: "/c.toml", settings: file.map { ["ascii": $0] } ?? [:]))
        }
        #expect(try !ascii(false, term: nil, file: nil).useASCII)
        #expect(try !ascii(false, term: "xterm-256color", file: "false").useASCII)
        #expect(try ascii(true, term: "xterm-256color", file: "false").useASCII, "the flag beats the file")
        #expect(try ascii(false, term: "linux", file: "false").useASCII, "the console beats the file")
        #expect(try ascii(false, term: "linux-16color", file: nil).useASCII)
        #expect(try !ascii(false, term: "linuxish", file: nil).useASCII)
        #expect(try ascii(false, term: "tmux-256color", file: "true").useASCII)
        let console = try ascii(false, term: "linux", file: nil)
        #expect(console.useColor, "the console's fonts are no reason to drop colour")
        let plainConsole = try ascii(false, term: "linux", file: nil, noColor: true)
        #expect(plainConsole.useASCII && !plainConsole.useColor)
    }

    @Test func colourIsOnUnlessSomethingSaysOtherwise() throws {
        let empty = ConfigFile(path: "/c.toml")
        #expect(try LaunchChoices(flags: noFlags, environment: [:], file: empty).useColor)
        #expect(try !LaunchChoices(flags: noFlags, environment: ["NO_COLOR": "1"], file: empty).useColor)
        #expect(try LaunchChoices(flags: noFlags, environment: [:], file: empty).peopleServer == nil)
    }

    @Test func aPeopleURLWithAPasswordIsRefusedWithoutRepeatingIt() throws {
        let url = "https://ada:hunter2@dav.example.org/"
        let flag = #expect(throws: LaunchChoices.Invalid.self) {
            try LaunchChoices(flags: .init(tab: nil, noColor: false, peopleAPI: url), environment: [:], file: file)
        }
        #expect(flag?.description.hasPrefix("--people-api: the URL holds a password") == true)
        #expect(flag?.description.contains("MVVM_TUI_PEOPLE_PASSWORD") == true)
        let variable = #expect(throws: LaunchChoices.Invalid.self) {
            try LaunchChoices(flags: noFlags, environment: ["MVVM_TUI_PEOPLE_API": url], file: file)
        }
        #expect(variable?.description.hasPrefix("MVVM_TUI_PEOPLE_API: the URL holds a password") == true)
        let inFile = try ConfigFile.parse("[people]\nurl = \"\(url)\"\n", path: "/c.toml")
        let problem = #expect(throws: ConfigFile.Problem.self) {
            try LaunchChoices(flags: noFlags, environment: [:], file: inFile)
        }
        #expect(problem?.line == 2)
        #expect(problem?.key == "people.url")
        for error in [flag?.description, variable?.description, problem?.description] {
            #expect(error?.contains("hunter2") == false)
        }
    }

    @Test func theFilesCredentialsGoOnlyToTheFilesServer() throws {
        let elsewhere = try LaunchChoices(
            flags: .init(tab: nil, noColor: false, peopleAPI: "http://localhost:8080"),
            environment: [:], file: file)
        #expect(elsewhere.peopleServer == URL(string: "http://localhost:8080"))
        #expect(elsewhere.peopleCredentials == nil)
        let variable = try LaunchChoices(flags: noFlags, environment: ["MVVM_TUI_PEOPLE_API": "https://other.example.org/"], file: file)
        #expect(variable.peopleCredentials == nil)
        let same = try LaunchChoices(
            flags: .init(tab: nil, noColor: false, peopleAPI: "https://DAV.example.org:443/addressbooks/"),
            environment: [:], file: file)
        #expect(same.peopleCredentials == HTTPCredentials(user: "file-user", password: "file-password"))
    }

    @Test func aPasswordGoesOnlyWithTheUserItWasSetWith() throws {
        // The file's password is file-user's: not sent for a user the environment names.
        let otherUser = try LaunchChoices(flags: noFlags, environment: ["MVVM_TUI_PEOPLE_USER": "bob"], file: file)
        #expect(otherUser.peopleCredentials == HTTPCredentials(user: "bob", password: ""))
        #expect(
            otherUser.notices == [
                "the config file's [people] password is file-user's, not sent for bob (MVVM_TUI_PEOPLE_USER): "
                    + "set MVVM_TUI_PEOPLE_PASSWORD, or a login for bob in ~/.netrc"
            ])
        // The same user, or a password of the environment's, goes.
        let sameUser = try LaunchChoices(flags: noFlags, environment: ["MVVM_TUI_PEOPLE_USER": "file-user"], file: file)
        #expect(sameUser.peopleCredentials == HTTPCredentials(user: "file-user", password: "file-password"))
        #expect(sameUser.notices.isEmpty)
        let bothSet = try LaunchChoices(
            flags: noFlags, environment: ["MVVM_TUI_PEOPLE_USER": "bob", "MVVM_TUI_PEOPLE_PASSWORD": "bob's"],
            file: file)
        #expect(bothSet.peopleCredentials == HTTPCredentials(user: "bob", password: "bob's"))
        #expect(bothSet.notices.isEmpty)
        // A password set alone goes with the user set elsewhere.
        let passwordAlone = try LaunchChoices(flags: noFlags, environment: ["MVVM_TUI_PEOPLE_PASSWORD": "env-password"], file: file)
        #expect(passwordAlone.peopleCredentials == HTTPCredentials(user: "file-user", password: "env-password"))
        let filePasswordAlone = ConfigFile(path: "/c.toml", settings: ["people.url": "https://dav.example.org/", "people.password": "pw"])
        #expect(
            try LaunchChoices(flags: noFlags, environment: ["MVVM_TUI_PEOPLE_USER": "bob"], file: filePasswordAlone)
                .peopleCredentials == HTTPCredentials(user: "bob", password: "pw"))
        // bob's login in ~/.netrc is his password, and nothing was left out.
        let netrc = Netrc(text: "machine dav.example.org login bob password from-netrc")
        let kept = try LaunchChoices(flags: noFlags, environment: ["MVVM_TUI_PEOPLE_USER": "bob"], file: file, netrc: netrc)
        #expect(kept.peopleCredentials == HTTPCredentials(user: "bob", password: "from-netrc"))
        #expect(kept.notices.isEmpty)
    }

    @Test func aCAFileUnderTildeIsUnderHome() throws {
        let file = ConfigFile(path: "/c.toml", settings: ["people.url": "https://dav.example.org/", "people.ca_file": "~/ca.pem"])
        #expect(
            try LaunchChoices(flags: noFlags, environment: ["HOME": "/home/ada"], file: file)
                .peopleCertificateAuthorities == "/home/ada/ca.pem")
        #expect(
            try LaunchChoices(flags: noFlags, environment: ["HOME": "/home/ada", "MVVM_TUI_PEOPLE_CA_FILE": "/etc/ca.pem"], file: file)
                .peopleCertificateAuthorities == "/etc/ca.pem")
    }

    @Test func requestsInFlightAreFourUnlessTheFileOrTheEnvironmentSays() throws {
        #expect(try LaunchChoices(flags: noFlags, environment: [:], file: file).peopleRequestsInFlight == 4)
        let one = try ConfigFile.parse("[people]\nrequests_in_flight = 1\n", path: "/c.toml")
        #expect(try LaunchChoices(flags: noFlags, environment: [:], file: one).peopleRequestsInFlight == 1)
        #expect(
            try LaunchChoices(flags: noFlags, environment: ["MVVM_TUI_PEOPLE_REQUESTS_IN_FLIGHT": "8"], file: one)
                .peopleRequestsInFlight == 8)
        #expect(throws: ConfigFile.Problem.self) { try ConfigFile.parse("[people]\nrequests_in_flight = 0\n", path: "/c.toml") }
        #expect(throws: ConfigFile.Problem.self) { try ConfigFile.parse("[people]\nrequests_in_flight = \"4\"\n", path: "/c.toml") }
        #expect(throws: LaunchChoices.Invalid.self) {
            try LaunchChoices(flags: noFlags, environment: ["MVVM_TUI_PEOPLE_REQUESTS_IN_FLIGHT": "many"], file: file)
        }
    }

    @Test func anEmptyPeopleFlagTurnsOffTheFilesServer() throws {
        let choices = try LaunchChoices(flags: .init(tab: nil, noColor: false, peopleAPI: ""), environment: [:], file: file)
        #expect(choices.peopleServer == nil)
        #expect(choices.peopleCredentials == nil)
    }

    @Test func aServicesKeysComeWholeFromOnePlace() throws {
        let withToken = try ConfigFile.parse("[tmdb]\nread_access_token = \"file-token\"\n", path: "/c.toml")
        let choices = try LaunchChoices(flags: noFlags, environment: ["TMDB_API_KEY": "env-key"], file: withToken)
        #expect(choices.serviceKeys == ["TMDB_API_KEY": "env-key"])
        #expect(
            try LaunchChoices(flags: noFlags, environment: [:], file: withToken).serviceKeys == ["TMDB_READ_ACCESS_TOKEN": "file-token"])
    }

    @Test func aPasswordWithoutAUserIsSaidOnTheStatusLine() throws {
        let choices = try LaunchChoices(
            flags: .init(tab: nil, noColor: false, peopleAPI: "https://dav.example.org/"),
            environment: ["MVVM_TUI_PEOPLE_PASSWORD": " spaces kept "], file: ConfigFile(path: "/c.toml"))
        #expect(choices.peopleCredentials == nil)
        #expect(choices.notices.count == 1)
        let withUser = try LaunchChoices(
            flags: .init(tab: nil, noColor: false, peopleAPI: "https://ada@dav.example.org/"),
            environment: ["MVVM_TUI_PEOPLE_PASSWORD": " spaces kept "], file: ConfigFile(path: "/c.toml"))
        #expect(withUser.peopleCredentials == HTTPCredentials(user: "ada", password: " spaces kept "))
        #expect(withUser.notices.isEmpty)
    }

    @Test(arguments: ["ftp://ada:hunter2@dav.example.org/", "https://ada:hunter2@/"])
    func aURLThatIsRefusedForAnotherReasonDoesNotShowItsPasswordEither(text: String) {
        let error = #expect(throws: LaunchChoices.Invalid.self) {
            try LaunchChoices(flags: .init(tab: nil, noColor: false, peopleAPI: text), environment: [:], file: file)
        }
        #expect(error?.description.contains("hunter2") == false, "\(String(describing: error))")
    }

    @Test func aUserInTheURLIsTheUserWhenNoneIsSet() throws {
        let choices = try LaunchChoices(
            flags: .init(tab: nil, noColor: false, peopleAPI: "https://ada@dav.example.org/"),
            environment: ["MVVM_TUI_PEOPLE_PASSWORD": "pw"], file: ConfigFile(path: "/c.toml"))
        #expect(choices.peopleCredentials == HTTPCredentials(user: "ada", password: "pw"))
    }

    @Test(arguments: ["ftp://example.org", "not a url", "http://"])
    func aPeopleServerThatIsNotHTTPIsRefused(text: String) {
        #expect(throws: LaunchChoices.Invalid(description: "--people-api: \(text) is not an http or https URL")) {
            try LaunchChoices(flags: .init(tab: nil, noColor: false, peopleAPI: text), environment: [:], file: file)
        }
    }
}
