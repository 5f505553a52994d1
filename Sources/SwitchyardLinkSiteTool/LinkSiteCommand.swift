import ArgumentParser
import Foundation
import Hummingbird
import Logging
import Metrics
import Prometheus
import ServiceLifecycle
import Switchyard
import SwitchyardLinkSite
import SwitchyardLinkStore
import SwitchyardReports

/// `switchyard-link-site`: a site of short links for a route file, and the admin tokens of its API. A product of
/// its own, so that the `switchyard` tool builds without a server or a database driver.
@main
struct LinkSiteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switchyard-link-site",
        abstract: "Serve a route file's short links, universal links and association files, with an admin API.",
        subcommands: [Serve.self, Token.self, LinksCommand.self], defaultSubcommand: Serve.self)

    /// Runs the command, with exit code 2 for bad usage, as `switchyard` has.
    static func main() async {
        await mainExitingWithTwoForBadUsage()
    }
}

/// The options that name the store.
struct StoreOptions: ParsableArguments {
    /// Where the store is when nothing says.
    static let defaultDatabase = "links.sqlite"

    @Option(
        help: """
            The store: an SQLite file (created when missing), or postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE, \
            which several servers may share; ?sslmode= and &sslrootcert= mean what they mean to psql (no other \
            parameter is taken), and sslmode is prefer when none is given (default: links.sqlite; also SWITCHYARD_DATABASE, which keeps a \
            password out of the process list).
            """)
    var database: String?

    /// The store `database` names, or `SWITCHYARD_DATABASE`, or the default.
    func open(logger: Logger) async throws -> LinkStore {
        var reader = SettingReader(sources: SettingSources(environment: ProcessInfo.processInfo.environment))
        let location = try reader.value("database", flag: database, default: Self.defaultDatabase, secret: true)
        do {
            return try await LinkStore.open(try StoreLocation(location), logger: logger)
        } catch {
            throw Failure.badUsage("\(error)")
        }
    }
}

extension LinkSiteCommand {
    struct Token: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create, list and revoke the admin API's tokens.",
            subcommands: [Create.self, List.self, Revoke.self])

        struct Create: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Create a token and print it: it is shown this once, and stored only as its SHA-256.")
            @OptionGroup var store: StoreOptions
            @Argument(help: "A name to tell the token by (who or what uses it), up to 100 characters.")
            var name: String

            func validate() throws {
                guard (1...100).contains(name.count), !name.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
                    throw ValidationError("a token's name is 1 to 100 characters, without control characters")
                }
            }

            func run() async throws {
                let links = try await store.open(logger: Logger(label: "switchyard-link-site"))
                let (token, stored) = AdminTokens.make(name: name, at: Date())
                do {
                    try await links.add(stored)
                } catch {
                    await links.close()
                    throw Failure.badUsage("\(error)")
                }
                await links.close()
                print(token)
            }
        }

        struct List: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "List the tokens: id, state, created, name.")
            @OptionGroup var store: StoreOptions

            func run() async throws {
                let links = try await store.open(logger: Logger(label: "switchyard-link-site"))
                let tokens: [StoredToken]
                do {
                    tokens = try await links.tokens()
                } catch {
                    await links.close()
                    throw Failure.badUsage("\(error)")
                }
                await links.close()
                let dates = ISO8601DateFormatter()
                for token in tokens {
                    let state = token.revokedAt == nil ? "active " : "revoked"
                    print("\(token.id)  \(state)  \(dates.string(from: token.createdAt))  \(token.name)")
                }
            }
        }

        struct Revoke: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Revoke a token: running sites refuse it within 5 seconds.")
            @OptionGroup var store: StoreOptions
            @Argument(help: "The token's id: the 8 characters after sy_.")
            var id: String

            func run() async throws {
                let links = try await store.open(logger: Logger(label: "switchyard-link-site"))
                let revoked: Bool
                do {
                    revoked = try await links.revokeToken(id, at: Date())
                } catch {
                    await links.close()
                    throw Failure.badUsage("\(error)")
                }
                await links.close()
                guard revoked else { throw Failure.refused("no active token has the id '\(id)'") }
                print("revoked \(id)")
            }
        }
    }
}
