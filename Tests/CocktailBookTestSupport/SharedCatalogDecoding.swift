import CocktailBook
import Foundation
import Synchronization

extension CatalogDecoding {
    /// One reading of each distinct payload for the whole test process: the suites start
    /// hundreds of apps over the same catalog files, and decoding the bundled catalog for each
    /// of them is what made a busy machine miss the tests' deadlines. Apps that ask at once share
    /// the one reading under way; a payload that fails to decode fails for each of them alike.
    public static let sharedAcrossTests = CatalogDecoding { data, digest in
        try await SharedReadings.instance.reading(of: data, digest: digest).value
    }
}

/// The readings started in this process, by the payload's fingerprint.
private final class SharedReadings: Sendable {
    static let instance = SharedReadings()
    private let readings = Mutex<[String: Task<CatalogDecoder.Outcome, any Error>]>([:])

    func reading(of data: Data, digest: String) -> Task<CatalogDecoder.Outcome, any Error> {
        readings.withLock { readings in
            if let known = readings[digest] { return known }
            let reading = Task.detached { try CatalogDecoder.decode(data) }
            readings[digest] = reading
            return reading
        }
    }
}
