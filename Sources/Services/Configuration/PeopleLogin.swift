/// A user and password for the people server as one place sets them (the environment, or the
/// config file), and the rule that puts the places together: a password goes only with the
/// user it was set with.
///
/// The user is the environment's, else the file's, else the URL's. The environment's password
/// is taken with it (it is set with the environment's user, or with none); the file's only when
/// the file names no user or that same user. A file's password for ada is never sent as bob's.
///
/// ```swift
/// let login = PeopleLogin.chosen(environment: PeopleLogin(user: "bob", password: nil),
///                                file: PeopleLogin(user: "ada", password: "ada's"), urlUser: nil)
/// login.user      // "bob"
/// login.password  // nil: the file's password is ada's
/// login.notice    // says so, and where bob's password goes
/// ```
struct PeopleLogin: Equatable {
    /// The user, or nil when the place names none.
    var user: String?
    /// The password, or nil when the place sets none.
    var password: String?
    /// Why a password set was not taken, for the status line; nil when none was left out.
    var notice: String?

    init(user: String?, password: String?, notice: String? = nil) {
        self.user = user
        self.password = password
        self.notice = notice
    }

    /// The login the environment's and the file's make together, with `urlUser` (the user
    /// named in the people server's URL) for a user neither sets.
    static func chosen(environment: PeopleLogin, file: PeopleLogin, urlUser: String?) -> PeopleLogin {
        let user = environment.user ?? file.user ?? urlUser
        if let password = environment.password {
            return PeopleLogin(user: user, password: password)
        }
        guard let password = file.password else { return PeopleLogin(user: user, password: nil) }
        if let fileUser = file.user, let user, fileUser != user {
            return PeopleLogin(
                user: user, password: nil,
                notice: "the config file's [people] password is \(fileUser)'s, "
                    + "not sent for \(user) (MVVM_TUI_PEOPLE_USER): set MVVM_TUI_PEOPLE_PASSWORD, or a login for \(user) in ~/.netrc")
        }
        return PeopleLogin(user: user, password: password)
    }
}
