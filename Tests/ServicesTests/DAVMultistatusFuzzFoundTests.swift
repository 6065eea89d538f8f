import Foundation

@testable import Services
import Testing

/// What the multistatus fuzz target found (Fuzz/Corpus/multistatus/found-*).
struct DAVMultistatusFuzzFoundTests {
    @Test func anElementNameThatIsNotUTF8IsRefusedAsMalformedNotATrap() {
        let answer = Data("<?xml version=\"1.0\"?>\n<multis".utf8) + Data([0xF4]) + Data("tatus xmlns=\"DAV:\"></multistatus>".utf8)
        #expect(throws: DAVMultistatus.Failure.malformed(line: 2)) { try DAVMultistatus.parse(answer) }
    }

    @Test func anAnswerInUTF8IsReadAsBefore() throws {
        let answer = Data("<multistatus xmlns=\"DAV:\"><response><href>/b/Zoë.vcf</href></response></multistatus>".utf8)
        #expect(try DAVMultistatus.parse(answer).responses.map(\.href) == ["/b/Zoë.vcf"])
    }

    @Test func anAnswerThatDeclaresAnotherEncodingIsReadInIt() throws {
        let latin1 =
            Data("<?xml version='1.0' encoding='ISO-8859-1'?><multistatus xmlns=\"DAV:\"><response><href>/b/Zo".utf8)
            + Data([0xEB]) + Data(".vcf</href></response></multistatus>".utf8)
        #expect(try DAVMultistatus.parse(latin1).responses.map(\.href) == ["/b/Zoë.vcf"])
    }

    @Test func aProcessingInstructionWithoutDataIsRefusedAsMalformedNotACrash() {
        let answer = Data("<?xml version=\"1.0\"?>\n<multistatus xmlns=\"DAV:\">\n<?xm?></multistatus>".utf8)
        #expect(throws: DAVMultistatus.Failure.malformed(line: 3)) { try DAVMultistatus.parse(answer) }
        let spaced = Data("<multistatus xmlns=\"DAV:\"><?target  ?></multistatus>".utf8)
        #expect(throws: DAVMultistatus.Failure.malformed(line: 1)) { try DAVMultistatus.parse(spaced) }
    }
}
