import Models
import Testing
import TestSupport

/// The fake movie services the Movies tests use fail on a call no test set up, naming it, rather
/// than answer with a made-up film.
@MainActor
struct MovieServiceFakeTests {
    @Test func theControlledServiceFailsOnDetailsNobodySetUp() async {
        let service = ControlledMovieService()
        await withKnownIssue("details(of:) not set up") {
            _ = try await service.details(of: .sample("Alien"))
        }
    }

    @Test func theImmediateServiceFailsOnDetailsNobodySetUp() async {
        let service = ImmediateMovieService(films: [.sample("Alien")])
        await withKnownIssue("details(of:) not set up") {
            _ = try await service.details(of: .sample("Alien"))
        }
    }
}
