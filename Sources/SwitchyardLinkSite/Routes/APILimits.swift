/// How much of the API a client may use, and how long a checked admin token is trusted before it is read again.
package struct APILimits: Sendable {
    /// Admin requests a second, per token, once it is checked (a burst of twice as many).
    package var perToken: Double
    /// Requests a second without a valid token yet, per address: the admin API before its token is read, the
    /// stats pages and claims' redemption. It bounds guessing.
    package var perAddress: Double
    /// How long the site's list of tokens is kept before it is read from the store again.
    package var tokensFreshFor: Duration

    /// How long a console's session lasts unused, and at most.
    package var sessionIdleTimeout: Duration
    package var sessionLifetime: Duration

    package init(
        perToken: Double = 50, perAddress: Double = 20, tokensFreshFor: Duration = .seconds(5),
        sessionIdleTimeout: Duration = .seconds(3_600), sessionLifetime: Duration = .seconds(12 * 3_600)
    ) {
        self.perToken = perToken
        self.perAddress = perAddress
        self.tokensFreshFor = tokensFreshFor
        self.sessionIdleTimeout = sessionIdleTimeout
        self.sessionLifetime = sessionLifetime
    }
}
