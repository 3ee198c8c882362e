import CocktailBookApp
import Hummingbird

extension ImportedImageFiles {
    /// The response for `/images/imported/{file}`: immutable, since the name is the content's
    /// hash, with the type its bytes show (never the name's word alone) and `nosniff`. An SVG
    /// left from an earlier version is only offered as a sandboxed download. With `longest`, a
    /// JPEG photo larger than that comes as its small copy (``PictureThumbnail``).
    func response(for file: String, request: Request, longest: Int? = nil) async throws -> Response {
        guard Self.isStoredName(file), let bytes = try await store.picture(named: file) else {
            throw HTTPError(.notFound)
        }
        let hash = String(file.prefix { $0 != "." })
        if let longest, let copy = PictureThumbnail.copy(of: file, bytes: bytes, longest: longest) {
            var response = CachedResponse.make(
                body: ByteBuffer(bytes: copy), contentType: "image/jpeg", etag: "\(hash)-\(longest)", immutable: true,
                request: request)
            response.headers[.contentSecurityPolicy] = "default-src 'none'; sandbox"
            response.headers[.xContentTypeOptions] = "nosniff"
            return response
        }
        let contentType = Self.kind(of: bytes)?.contentType ?? "application/octet-stream"
        var response = CachedResponse.make(
            body: ByteBuffer(bytes: bytes), contentType: contentType, etag: hash, immutable: true, request: request
        )
        response.headers[.contentSecurityPolicy] = "default-src 'none'; sandbox"
        response.headers[.xContentTypeOptions] = "nosniff"
        if Self.kind(of: bytes) == nil { response.headers[.contentDisposition] = "attachment; filename=\"\(file)\"" }
        return response
    }
}
