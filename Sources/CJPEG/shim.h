#ifndef COCKTAILBOOK_CJPEG_H
#define COCKTAILBOOK_CJPEG_H
// Debian's libjpeg-turbo (libjpeg62-turbo-dev), for the small copies of photos that lists show.
// Its errors end in a longjmp, which only C may take: the whole job is done here, in one
// function, so no Swift frame is ever jumped over.
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

struct cocktailbook_jpeg_error {
    struct jpeg_error_mgr base;
    jmp_buf jump;
};

static void cocktailbook_jpeg_fail(j_common_ptr info) {
    longjmp(((struct cocktailbook_jpeg_error *)info->err)->jump, 1);
}

static void cocktailbook_jpeg_quiet(j_common_ptr info, int level) {
    (void)info;
    (void)level;
}

// A JPEG copy of the JPEG `input` whose longest side is at most `longest` pixels, at `quality`,
// in `*output` (free it with free()); its length, or 0 when `input` is not a JPEG this library
// reads, has more than `most_pixels` pixels, or is no larger than `longest` already. The
// decoder scales by the DCT (1/2, 1/4, 1/8) to the smallest size still at least `longest`, and
// each pixel of the copy is the average of the pixels it covers. `exif` (an APP1 payload, or
// NULL) is written into the copy, so that it keeps the photo's Orientation.
static inline size_t cocktailbook_jpeg_thumbnail(
    const unsigned char *input, size_t length, int longest, int quality, unsigned long most_pixels,
    const unsigned char *exif, unsigned int exif_length, unsigned char **output) {
    struct jpeg_decompress_struct in;
    struct jpeg_compress_struct out;
    // One error handler for both: every failure comes back to the one setjmp below.
    struct cocktailbook_jpeg_error error;
    unsigned char *volatile pixels = NULL;
    unsigned char *volatile small = NULL;
    unsigned char *volatile encoded = NULL;
    unsigned long encoded_size = 0;
    volatile int reading = 0, writing = 0;
    *output = NULL;
    if (longest < 1 || length == 0) { return 0; }

    in.err = jpeg_std_error(&error.base);
    out.err = &error.base;
    error.base.error_exit = cocktailbook_jpeg_fail;
    error.base.emit_message = cocktailbook_jpeg_quiet;
    if (setjmp(error.jump)) {
        if (reading) { jpeg_destroy_decompress(&in); }
        if (writing) { jpeg_destroy_compress(&out); }
        free(pixels);
        free(small);
        free(encoded);
        return 0;
    }
    jpeg_create_decompress(&in);
    reading = 1;
    jpeg_mem_src(&in, input, (unsigned long)length);
    if (jpeg_read_header(&in, TRUE) != JPEG_HEADER_OK) { longjmp(error.jump, 1); }
    if ((unsigned long)in.image_width * in.image_height > most_pixels) { longjmp(error.jump, 1); }
    in.out_color_space = JCS_RGB;
    unsigned int side = in.image_width > in.image_height ? in.image_width : in.image_height;
    if (side <= (unsigned int)longest) { longjmp(error.jump, 1); }
    in.scale_num = 1;
    in.scale_denom = 1;
    while (in.scale_denom < 8 && side / (in.scale_denom * 2) >= (unsigned int)longest) { in.scale_denom *= 2; }
    jpeg_start_decompress(&in);
    unsigned int width = in.output_width, height = in.output_height;
    if (in.output_components != 3 || width == 0 || height == 0) { longjmp(error.jump, 1); }
    size_t row = (size_t)width * 3;
    pixels = malloc(row * height);
    if (!pixels) { longjmp(error.jump, 1); }
    while (in.output_scanline < height) {
        JSAMPROW line = pixels + row * in.output_scanline;
        jpeg_read_scanlines(&in, &line, 1);
    }
    jpeg_finish_decompress(&in);
    jpeg_destroy_decompress(&in);
    reading = 0;

    unsigned int big = width > height ? width : height;
    unsigned int to_width = width, to_height = height;
    if (big > (unsigned int)longest) {
        to_width = (unsigned int)(((unsigned long)width * longest + big / 2) / big);
        to_height = (unsigned int)(((unsigned long)height * longest + big / 2) / big);
        if (to_width == 0) { to_width = 1; }
        if (to_height == 0) { to_height = 1; }
    }
    size_t to_row = (size_t)to_width * 3;
    small = malloc(to_row * to_height);
    if (!small) { longjmp(error.jump, 1); }
    for (unsigned int y = 0; y < to_height; y++) {
        unsigned int y0 = (unsigned int)((unsigned long)y * height / to_height);
        unsigned int y1 = (unsigned int)((unsigned long)(y + 1) * height / to_height);
        if (y1 <= y0) { y1 = y0 + 1; }
        for (unsigned int x = 0; x < to_width; x++) {
            unsigned int x0 = (unsigned int)((unsigned long)x * width / to_width);
            unsigned int x1 = (unsigned int)((unsigned long)(x + 1) * width / to_width);
            if (x1 <= x0) { x1 = x0 + 1; }
            unsigned long sum[3] = {0, 0, 0};
            for (unsigned int sy = y0; sy < y1; sy++) {
                const unsigned char *from = pixels + row * sy + (size_t)x0 * 3;
                for (unsigned int sx = x0; sx < x1; sx++, from += 3) {
                    sum[0] += from[0];
                    sum[1] += from[1];
                    sum[2] += from[2];
                }
            }
            unsigned long count = (unsigned long)(x1 - x0) * (y1 - y0);
            unsigned char *to = small + to_row * y + (size_t)x * 3;
            to[0] = (unsigned char)((sum[0] + count / 2) / count);
            to[1] = (unsigned char)((sum[1] + count / 2) / count);
            to[2] = (unsigned char)((sum[2] + count / 2) / count);
        }
    }
    free(pixels);
    pixels = NULL;

    jpeg_create_compress(&out);
    writing = 1;
    unsigned char *buffer = NULL;
    jpeg_mem_dest(&out, &buffer, &encoded_size);
    out.image_width = to_width;
    out.image_height = to_height;
    out.input_components = 3;
    out.in_color_space = JCS_RGB;
    jpeg_set_defaults(&out);
    jpeg_set_quality(&out, quality, TRUE);
    jpeg_start_compress(&out, TRUE);
    if (exif && exif_length > 0 && exif_length <= 65533) { jpeg_write_marker(&out, JPEG_APP0 + 1, exif, exif_length); }
    while (out.next_scanline < to_height) {
        JSAMPROW line = small + to_row * out.next_scanline;
        jpeg_write_scanlines(&out, &line, 1);
    }
    jpeg_finish_compress(&out);
    encoded = buffer;
    jpeg_destroy_compress(&out);
    writing = 0;
    free(small);
    *output = encoded;
    return (size_t)encoded_size;
}
#endif
