import Models
import Screens
import Testing
import TestSupport

struct KeptPlaceTests {
    @Test(arguments: [
        Place.mcGaheysville, .paris, .tokyo, .richmondVA,
        Place(
            name: "São Paulo", region: nil, regionCode: nil, country: "Brazil", countryCode: "BR",
            latitude: -23.5475, longitude: -46.63611, timeZone: "America/Sao_Paulo", population: 10_021_295),
        Place(
            name: "Nowhere Atoll", region: nil, regionCode: nil, country: "", countryCode: "",  // as a geocoder may give it
            latitude: 0, longitude: -180, timeZone: "", population: 0),
    ])
    func aPlaceComesBackWhole(_ place: Place) {
        let text = KeptPlace.text(of: place)
        #expect(text != nil)
        #expect(text.flatMap(KeptPlace.place(from:)) == place)
    }

    @Test(arguments: ["Tab\there", "Line\nbreak", ""])
    func aPlaceWhoseNameCannotBeReadBackIsNotKept(_ name: String) {
        let place = Place(
            name: name, region: nil, regionCode: nil, country: "France", countryCode: "FR",
            latitude: 1, longitude: 2, timeZone: "Europe/Paris", population: 0)
        #expect(KeptPlace.text(of: place) == nil)
    }

    @Test(arguments: [
        "", "Paris", "Paris\tnot a place",
        "Paris\t\t\tFrance\tFR\tnorth\t2.35\tEurope/Paris\t0",
        "Paris\t\t\tFrance\tFR\t95\t2.35\tEurope/Paris\t0",
        "Paris\t\t\tFrance\tFR\t48.85\tnan\tEurope/Paris\t0",
        "\t\t\tFrance\tFR\t48.85\t2.35\tEurope/Paris\t0",
        "Paris\t\t\tFrance\tFR\t48.85\t2.35\tEurope/Paris\t-1",
        "Paris\t\t\tFrance\tFR\t48.85\t2.35\tEurope/Paris\t0\textra",
    ])
    func damagedTextIsNoPlace(_ text: String) {
        #expect(KeptPlace.place(from: text) == nil)
    }
}
